import { DEFAULT_LANGUAGE, directionOf, type Language } from '../../common/i18n/languages';
import type { GoogleSignInResult } from '../../common/schemas/auth';
import { escapeHtml } from '../html/shell';
import { translatorFor } from '../i18n/translate';

/**
 * The tiny page the Google pop-up ends on. The CSP forbids inline scripts, so the outcome sits in a
 * meta tag and /auth-popup.js (web/public) tells the opening page over a BroadcastChannel, then closes
 * the pop-up. The visible text is for the rare case where the window cannot close itself; it is in
 * `language`, the request's, a refusal's message too (docs/PRODUCT.md#messages).
 */
export function renderGoogleResultPage(
  result: GoogleSignInResult,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const data = escapeHtml(JSON.stringify(result));
  const t = translatorFor(language, 'account');
  // A re-authentication was started from the account page, and goes back there.
  const reauthenticating = result.purpose === 'reauthenticate';
  const done = reauthenticating ? t('googleResult.confirmed') : t('googleResult.signedIn');
  const text = result.ok ? done : result.message;
  const next = reauthenticating ? '/account' : result.ok ? '/' : '/auth';
  const linkText = reauthenticating
    ? t('googleResult.backToAccount')
    : result.ok
      ? t('googleResult.continue')
      : t('googleResult.backToSignIn');
  const title = reauthenticating ? t('googleResult.titleConfirm') : t('googleResult.titleSignIn');
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="google-sign-in-result" content="${data}">
<title>${escapeHtml(title)}</title>
<script src="/auth-popup.js" defer></script>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}a{color:#007a3d}</style>
</head>
<body>
<main>
<p>${escapeHtml(text)}</p>
<p><a href="${next}">${escapeHtml(linkText)}</a></p>
</main>
</body>
</html>
`;
}
