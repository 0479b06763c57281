import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LogList } from '../../../../common/schemas/log';
import { api, queryString } from '../../../lib/api';

/** The page a `?page=` asks for: a whole number from 1, else the first. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The cache key and address of one page of the log (also asked by the server renderer). */
export const logQueryKey = (page: number) => ['log', 'entries', page] as const;
export const logPath = (page: number) => `/api/log${queryString({ page })}`;

/** The log entries this viewer may see (all, their own submissions', or none for visitors). */
export function useLog(page: number) {
  return useQuery({
    queryKey: logQueryKey(page),
    queryFn: ({ signal }) => api<LogList>(logPath(page), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
