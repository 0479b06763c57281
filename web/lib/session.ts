import { type QueryClient, useQuery } from '@tanstack/react-query';
import { SESSION_PATH } from '../../common/apiPaths';
import type { AuthSuccess, SessionResponse } from '../../common/schemas/auth';
import { api, forgetViewerData, sessionQueryKey } from './api';

/**
 * Who is signed in, as the server sees it: what every page that depends on it reads (the web app reads
 * the role the server gives, and never decides one). `isPending` until the first answer.
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => api<SessionResponse>(SESSION_PATH, { signal }),
    staleTime: 60_000,
    retry: 1,
    // Someone who must confirm their address usually does it in another tab (the emailed link): coming
    // back to this one asks again, so Submit and Report open without a reload.
    refetchOnWindowFocus: (query) => (query.state.data?.user?.mustConfirmEmail ? 'always' : false),
  });
}

/**
 * After a sign-in: the session is known (no extra request), and anything cached for the visitor
 * (lists, event pages) is dropped, since what the server shows depends on who asks.
 */
export function rememberSignedIn(queryClient: QueryClient, session: AuthSuccess): void {
  forgetViewerData(queryClient);
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, session);
}

export const fetchSession = () => api<SessionResponse>(SESSION_PATH);
