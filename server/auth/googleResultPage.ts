import { DEFAULT_LANGUAGE, directionOf, type Language } from '../../common/i18n/languages';
import type { GoogleSignInResult } from '../../common/schemas/auth';
import { escapeHtml } from '../html/shell';

/**
 * The tiny page the Google pop-up ends on. The CSP forbids inline scripts, so the outcome sits in a
 * meta tag and /auth-popup.js (web/public) tells the opening page over a BroadcastChannel, then closes
 * the pop-up. The visible text is for the rare case where the window cannot close itself. A refusal's
 * message is in `language`, the request's (docs/PRODUCT.md#messages).
 */
export function renderGoogleResultPage(
  result: GoogleSignInResult,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const data = escapeHtml(JSON.stringify(result));
  // A re-authentication was started from the account page, and goes back there.
  const reauthenticating = result.purpose === 'reauthenticate';
  const done = reauthenticating
    ? 'You are confirmed. You can close this window.'
    : 'You are signed in. You can close this window.';
  const text = result.ok ? done : result.message;
  const textLanguage = result.ok ? '' : ` lang="${language}" dir="${directionOf(language)}"`;
  const next = reauthenticating ? '/account' : result.ok ? '/' : '/auth';
  const linkText = reauthenticating ? 'Back to your account' : result.ok ? 'Continue' : 'Back to sign in';
  const title = reauthenticating ? 'Confirm with Google' : 'Google sign-in';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="google-sign-in-result" content="${data}">
<title>${title}</title>
<script src="/auth-popup.js" defer></script>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}a{color:#007a3d}</style>
</head>
<body>
<main>
<p${textLanguage}>${escapeHtml(text)}</p>
<p><a href="${next}">${linkText}</a></p>
</main>
</body>
</html>
`;
}
