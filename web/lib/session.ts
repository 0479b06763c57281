import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '../../common/schemas/auth';
import { api } from './api';

export const sessionQueryKey = ['session'] as const;

/** Who is signed in, as the server sees it. `isPending` until the first answer (spec §4: loading). */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => api<SessionResponse>('/api/auth/session', { signal }),
    staleTime: 60_000,
    retry: 1,
  });
}

/**
 * Ask the server again who is signed in, when a call says the session has ended (401) or the role
 * no longer allows it (403): pages that depend on the session then show what that person may see.
 * Resolves once the answer is in.
 */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/**
 * After a sign-in: the session is known (no extra request), and anything cached for the visitor
 * (lists, event pages) is dropped, since what the server shows depends on who asks.
 */
export function rememberSignedIn(queryClient: QueryClient, user: SessionUser): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
}

export const fetchSession = () => api<SessionResponse>('/api/auth/session');
