import { type Language, withLanguage } from '../../common/i18n/languages';
import type { NotificationKind } from '../../common/schemas/account';
import { plainPage } from '../html/plainPage';
import { escapeHtml } from '../html/shell';
import { translatorFor } from '../i18n/translate';

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
  { siteTitle, language }: { siteTitle: string; language: Language },
): string {
  const t = translatorFor(language, 'email');
  const site = escapeHtml(siteTitle);
  const label = page.state === 'invalid' ? '' : escapeHtml(t(`account:kinds.${page.kind}.label`));
  let body: string;
  if (page.state === 'confirm') {
    body = `<h1>${escapeHtml(t('unsubscribePage.title'))}</h1>
<p>${escapeHtml(t('unsubscribePage.text', { site: siteTitle }))}</p>
<p class="kind">${label}</p>
<form method="post" action="${escapeHtml(language === 'en' ? page.action : withLanguage(page.action, language))}"><button type="submit">${escapeHtml(t('unsubscribePage.button'))}</button></form>`;
  } else if (page.state === 'done') {
    body = `<h1 tabindex="-1">${escapeHtml(t('unsubscribePage.doneTitle'))}</h1>
<p>${escapeHtml(t('unsubscribePage.doneText', { site: siteTitle }))}</p>
<p class="kind">${label}</p>`;
  } else {
    body = `<h1>${escapeHtml(t('unsubscribePage.invalidTitle'))}</h1>
<p>${escapeHtml(t('unsubscribePage.invalidText'))}</p>`;
  }
  return plainPage({
    language,
    title: `${t('unsubscribePage.pageTitle')} · ${siteTitle}`,
    stylesheet: '/unsubscribe.css',
    head: ['<meta name="robots" content="noindex">'],
    body: `<main>
<p class="site">${site}</p>
${body}
<p><a href="/account">${escapeHtml(t('unsubscribePage.account'))}</a></p>
</main>`,
  });
}
