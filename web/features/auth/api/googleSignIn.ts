import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GOOGLE_RESULT_CHANNEL, type GoogleSignInResult } from '../../../../common/schemas/auth';
import { fetchSession, rememberSignedIn } from '../../../lib/session';

/** How Google sign-in ended, as the page shows it: a code of docs/PRODUCT.md#sign-in-messages (and the server's message). */
export type GoogleFailure = { code?: string; message?: string };

const START_PATH = '/api/auth/google/start';
const POLL_MS = 400;
/** After the pop-up closes, how long its result may still be on its way. */
const GRACE_MS = 1200;

function isResultMessage(data: unknown): data is { type: 'google-sign-in'; result: GoogleSignInResult } {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { type?: unknown; result?: { ok?: unknown } };
  return d.type === 'google-sign-in' && typeof d.result?.ok === 'boolean';
}

/** Centre the pop-up over the page, as people expect a sign-in window to appear. */
function popupFeatures(): string {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/**
 * "Continue with Google" in a pop-up. The pop-up runs the server's OpenID Connect flow and ends on a
 * page that reports back over a BroadcastChannel (and postMessage when `window.opener` survived).
 * Closing the pop-up without a result is "cancelled"; a blocked pop-up is reported at once. A success
 * arriving late (after the page already said "cancelled") still signs the page in.
 */
export function useGoogleSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<GoogleFailure | null>(null);
  const popup = useRef<Window | null>(null);
  const attempt = useRef(0);
  const settled = useRef(true);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  const succeeding = useRef(false);

  const succeed = useCallback(async () => {
    // The result can arrive twice (channel and opener): act once.
    if (succeeding.current) return;
    succeeding.current = true;
    settled.current = true;
    setBusy(false);
    setFailure(null);
    try {
      const session = await fetchSession();
      if (session.user) {
        rememberSignedIn(queryClient, { user: session.user, can: session.can });
        onSignedInRef.current();
        return;
      }
    } catch {
      // Fall through: the cookie is set, but we could not confirm it.
    }
    succeeding.current = false;
    setFailure({});
  }, [queryClient]);

  const fail = useCallback((outcome: GoogleFailure) => {
    settled.current = true;
    setBusy(false);
    setFailure(outcome);
  }, []);

  // Leaving the page stops watching the pop-up.
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  // Results arrive for as long as the page is open.
  useEffect(() => {
    const handle = (data: unknown) => {
      if (!isResultMessage(data)) return;
      const { result } = data;
      if (result.ok) void succeed();
      else if (!settled.current) fail({ code: result.code, message: result.message });
    };
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(GOOGLE_RESULT_CHANNEL) : null;
    const onChannel = (event: MessageEvent) => handle(event.data);
    const onWindow = (event: MessageEvent) => {
      if (event.origin === window.location.origin) handle(event.data);
    };
    channel?.addEventListener('message', onChannel);
    window.addEventListener('message', onWindow);
    return () => {
      channel?.removeEventListener('message', onChannel);
      channel?.close();
      window.removeEventListener('message', onWindow);
    };
  }, [succeed, fail]);

  const start = useCallback(() => {
    if (busy && popup.current && !popup.current.closed) {
      popup.current.focus();
      return;
    }
    setFailure(null);
    const opened = window.open(START_PATH, 'palcal-google-sign-in', popupFeatures());
    if (!opened) {
      fail({ code: 'auth/popup-blocked' });
      return;
    }
    popup.current = opened;
    settled.current = false;
    setBusy(true);
    const mine = ++attempt.current;
    const timer = window.setInterval(() => {
      if (attempt.current !== mine || settled.current) {
        window.clearInterval(timer);
        return;
      }
      if (!opened.closed) return;
      window.clearInterval(timer);
      window.setTimeout(async () => {
        if (attempt.current !== mine || settled.current) return;
        // The provider may have cut the pop-up off from us: the server knows whether it signed us in.
        const session = await fetchSession().catch(() => null);
        if (attempt.current !== mine || settled.current) return;
        if (session?.user) void succeed();
        else fail({ code: 'auth/popup-closed-by-user' });
      }, GRACE_MS);
    }, POLL_MS);
  }, [busy, fail, succeed]);

  return { start, busy, failure };
}
