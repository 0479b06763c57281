import type { NotificationKind } from '../../common/schemas/account';
import { escapeHtml } from '../html/shell';
import { t } from './i18n';

export type UnsubscribePageState =
  | { state: 'confirm'; kind: NotificationKind; action: string }
  | { state: 'done'; kind: NotificationKind }
  | { state: 'invalid' };

/**
 * The page behind an email's unsubscribe link: plain HTML that works without JavaScript. Opening the
 * link changes nothing (mail scanners open links); the button (a form POST to the same address) does,
 * as does a mail program's one-click POST (RFC 8058).
 */
export function renderUnsubscribePage(
  page: UnsubscribePageState,
  { siteTitle }: { siteTitle: string },
): string {
  const site = escapeHtml(siteTitle);
  const label = page.state === 'invalid' ? '' : escapeHtml(t(`account:kinds.${page.kind}.label`));
  let body: string;
  if (page.state === 'confirm') {
    body = `<h1>${escapeHtml(t('unsubscribePage.title'))}</h1>
<p>${escapeHtml(t('unsubscribePage.text', { site: siteTitle }))}</p>
<p class="kind">${label}</p>
<form method="post" action="${escapeHtml(page.action)}"><button type="submit">${escapeHtml(t('unsubscribePage.button'))}</button></form>`;
  } else if (page.state === 'done') {
    body = `<h1 tabindex="-1">${escapeHtml(t('unsubscribePage.doneTitle'))}</h1>
<p>${escapeHtml(t('unsubscribePage.doneText', { site: siteTitle }))}</p>
<p class="kind">${label}</p>`;
  } else {
    body = `<h1>${escapeHtml(t('unsubscribePage.invalidTitle'))}</h1>
<p>${escapeHtml(t('unsubscribePage.invalidText'))}</p>`;
  }
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('unsubscribePage.pageTitle'))} · ${site}</title>
<style>
:root{color-scheme:light dark;--bg:#fafaf9;--card:#fff;--text:#1c1917;--muted:#57534e;--line:#e7e5e4;--link:#007a3d}
@media (prefers-color-scheme:dark){:root{--bg:#0c0a09;--card:#1c1917;--text:#f5f5f4;--muted:#d6d3d1;--line:#44403c;--link:#7fd6a4}}
body{margin:0;padding:0 1rem;background:var(--bg);color:var(--text);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif;line-height:1.5}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-radius:.75rem}
.site{margin:0 0 1rem;font-weight:700;color:var(--link)}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{margin:0 0 1rem;color:var(--muted)}
form{margin:0 0 1.25rem}
.kind{color:var(--text);font-weight:600}
a{color:var(--link)}
button{font:inherit;font-weight:600;color:#fff;background:#007a3d;border:0;border-radius:.5rem;padding:.65rem 1.1rem;cursor:pointer}
button:hover{background:#006633}
button:focus-visible,a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="site">${site}</p>
${body}
<p><a href="/account">${escapeHtml(t('unsubscribePage.account'))}</a></p>
</main>
</body>
</html>
`;
}
