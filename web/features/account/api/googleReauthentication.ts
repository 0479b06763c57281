import { useRef } from 'react';
import { useGooglePopup } from '../../../lib/googlePopup';

export type { GoogleFailure } from '../../../lib/googlePopup';

/** Where "Confirm with Google" opens: the server sends a signed-in person to Google to sign in again. */
const REAUTHENTICATE_PATH = '/api/auth/google/reauthenticate';

/**
 * "Confirm with Google" before deleting an account that has no password (docs/PRODUCT.md#deleting-an-account):
 * the Google pop-up of sign-in (web/lib/googlePopup.ts), for a re-authentication. The server marks this
 * session as confirmed for a few minutes; the page only learns that it may now offer the last step.
 */
export function useGoogleReauthentication({ onConfirmed }: { onConfirmed: () => void }) {
  const onConfirmedRef = useRef(onConfirmed);
  onConfirmedRef.current = onConfirmed;
  return useGooglePopup({
    path: REAUTHENTICATE_PATH,
    purpose: 'reauthenticate',
    onSuccess: async () => {
      onConfirmedRef.current();
      return true;
    },
  });
}
