import { useRefreshSession } from '../../../lib/session';
import { isAccessLost } from '../lib/actionError';

/**
 * Wraps a moderation request: when the server answers 401 or 403, the session is asked again (the
 * page then shows the signed-out or not-a-moderator state) and the error goes on to the caller.
 */
export function useAccessCheckedRequest() {
  const refreshSession = useRefreshSession();
  return async <T>(request: Promise<T>): Promise<T> => {
    try {
      return await request;
    } catch (error) {
      if (isAccessLost(error)) void refreshSession();
      throw error;
    }
  };
}

/** Retry a failed load (three times, as by default), unless access was lost: asking again cannot help then. */
export const retryUnlessAccessLost = (failureCount: number, error: unknown) =>
  !isAccessLost(error) && failureCount < 3;
