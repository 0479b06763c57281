import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '../../../../common/schemas/auth';
import { api } from '../../../lib/api';

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
