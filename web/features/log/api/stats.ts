import { useQuery } from '@tanstack/react-query';
import type { LogStats } from '../../../../common/schemas/log';
import { api } from '../../../lib/api';

/** Public figures: counts of rejections and removals by reason and month, no identities. */
export function useLogStats() {
  return useQuery({
    queryKey: ['log', 'stats'],
    queryFn: ({ signal }) => api<LogStats>('/api/log/stats', { signal }),
  });
}
