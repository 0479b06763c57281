// The last page of the Google sign-in pop-up (served by GET /api/auth/google/callback). It tells the
// page that opened the pop-up how sign-in ended, then closes the pop-up. The CSP allows no inline
// script, hence this file. The provider's pages may have cut `window.opener`, so the result goes out
// on a same-origin BroadcastChannel too; the opener takes whichever arrives first.
(() => {
  const meta = document.querySelector('meta[name="google-sign-in-result"]');
  let result = { ok: false, code: 'auth/provider-error', message: 'Google authentication failed.' };
  try {
    result = JSON.parse(meta?.getAttribute('content') ?? '');
  } catch {
    // Keep the generic failure.
  }
  const message = { type: 'google-sign-in', result };
  try {
    const channel = new BroadcastChannel('palcal-google-sign-in');
    channel.postMessage(message);
    channel.close();
  } catch {
    // No BroadcastChannel (very old browser): the opener still learns through postMessage or polling.
  }
  try {
    window.opener?.postMessage(message, window.location.origin);
  } catch {
    // Opener gone or cut off.
  }
  window.close();
})();
