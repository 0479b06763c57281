import { useCallback, useEffect, useRef, useState } from 'react';
import {
  GOOGLE_RESULT_CHANNEL,
  type GooglePurpose,
  type GoogleSignInResult,
} from '../../common/schemas/auth';

/** How a Google pop-up ended, as the page shows it: a code of docs/PRODUCT.md#sign-in-messages (and the server's message). */
export type GoogleFailure = { code?: string; message?: string };

const POLL_MS = 400;
/** After the pop-up closes, how long its result may still be on its way. */
const GRACE_MS = 1200;

function isResultMessage(data: unknown): data is { type: 'google-sign-in'; result: GoogleSignInResult } {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as { type?: unknown; result?: { ok?: unknown } };
  return d.type === 'google-sign-in' && typeof d.result?.ok === 'boolean';
}

/**
 * Whether a result is this pop-up's. A re-authentication's results say so; a sign-in's say nothing; a
 * failure that came before the server knew which flow it was (no flow cookie) says nothing either, and
 * goes to whichever pop-up is waiting. A sign-in's success never confirms a re-authentication.
 */
function isFor(purpose: GooglePurpose, result: GoogleSignInResult): boolean {
  if (purpose === 'reauthenticate') return result.purpose === 'reauthenticate' || !result.ok;
  return result.purpose === undefined;
}

/** Centre the pop-up over the page, as people expect a sign-in window to appear. */
function popupFeatures(): string {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

export interface GooglePopupOptions {
  /** The server address the pop-up opens: it runs the OpenID Connect flow and ends on the result page. */
  path: string;
  purpose: GooglePurpose;
  /** The pop-up reported success: finish up. False when that cannot be confirmed (a failure with no code). */
  onSuccess: () => Promise<boolean>;
  /**
   * The pop-up closed without a result reaching the page (the provider may cut it off from us): whether
   * it worked anyway. Without it, closing is "cancelled".
   */
  closedWithoutResult?: () => Promise<boolean>;
}

/**
 * A Google pop-up (sign-in, or confirming who one is again). The pop-up runs the server's OpenID Connect
 * flow and ends on a page that reports back over a BroadcastChannel (and postMessage when
 * `window.opener` survived). Closing the pop-up without a result is "cancelled"; a blocked pop-up is
 * reported at once. A success arriving late (after the page already said "cancelled") still counts.
 */
export function useGooglePopup({ path, purpose, onSuccess, closedWithoutResult }: GooglePopupOptions) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<GoogleFailure | null>(null);
  const popup = useRef<Window | null>(null);
  const attempt = useRef(0);
  const settled = useRef(true);
  const succeeding = useRef(false);
  const callbacks = useRef({ onSuccess, closedWithoutResult });
  callbacks.current = { onSuccess, closedWithoutResult };

  const succeed = useCallback(async () => {
    // The result can arrive twice (channel and opener): act once.
    if (succeeding.current) return;
    succeeding.current = true;
    settled.current = true;
    setBusy(false);
    setFailure(null);
    if (await callbacks.current.onSuccess().catch(() => false)) return;
    succeeding.current = false;
    setFailure({});
  }, []);

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
      if (!isResultMessage(data) || !isFor(purpose, data.result)) return;
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
  }, [purpose, succeed, fail]);

  const start = useCallback(() => {
    if (busy && popup.current && !popup.current.closed) {
      popup.current.focus();
      return;
    }
    setFailure(null);
    succeeding.current = false;
    const opened = window.open(path, `palcal-google-${purpose}`, popupFeatures());
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
        const check = callbacks.current.closedWithoutResult;
        const worked = check ? await check().catch(() => false) : false;
        if (attempt.current !== mine || settled.current) return;
        if (worked) void succeed();
        else fail({ code: 'auth/popup-closed-by-user' });
      }, GRACE_MS);
    }, POLL_MS);
  }, [busy, path, purpose, fail, succeed]);

  /** Forget the last outcome and stop watching a pop-up still open (its dialog was closed). */
  const reset = useCallback(() => {
    attempt.current += 1;
    settled.current = true;
    setBusy(false);
    setFailure(null);
  }, []);

  return { start, busy, failure, reset };
}
