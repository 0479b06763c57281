import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useGooglePopup } from '../../../lib/googlePopup';
import { fetchSession, rememberSignedIn } from '../../../lib/session';

export type { GoogleFailure } from '../../../lib/googlePopup';

const START_PATH = '/api/auth/google/start';

/**
 * "Continue with Google" in a pop-up (web/lib/googlePopup.ts). Success is confirmed by asking the
 * server for the session, which is also how a pop-up the provider cut off from us is found to have
 * signed us in after all.
 */
export function useGoogleSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;
  const { start, busy, failure } = useGooglePopup({
    path: START_PATH,
    purpose: 'sign-in',
    onSuccess: async () => {
      try {
        const session = await fetchSession();
        if (session.user) {
          rememberSignedIn(queryClient, { user: session.user, can: session.can });
          onSignedInRef.current();
          return true;
        }
      } catch {
        // Fall through: the cookie is set, but we could not confirm it.
      }
      return false;
    },
    closedWithoutResult: async () => Boolean((await fetchSession().catch(() => null))?.user),
  });
  return { start, busy, failure };
}
