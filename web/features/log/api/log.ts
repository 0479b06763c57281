import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogList } from '../../../../common/schemas/log';
import { api, queryString } from '../../../lib/api';

/** The log entries this viewer may see (all, their own submissions', or none for visitors). */
export function useLog(page: number) {
  return useQuery({
    queryKey: ['log', 'entries', page],
    queryFn: ({ signal }) => api<LogList>(`/api/log${queryString({ page })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
