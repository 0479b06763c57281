import { useQuery } from '@tanstack/react-query';
import type { LogStats } from '../../../../common/schemas/log';
import { api } from '../../../lib/api';

/** The cache key and address of the public figures (also asked by the server renderer). */
export const logStatsQueryKey = ['log', 'stats'] as const;
export const logStatsPath = '/api/log/stats';

/** Public figures: counts of rejections and removals by reason and month, no identities. */
export function useLogStats() {
  return useQuery({
    queryKey: logStatsQueryKey,
    queryFn: ({ signal }) => api<LogStats>(logStatsPath, { signal }),
  });
}
