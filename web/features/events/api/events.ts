import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventDto, EventList } from '../../../../common/schemas/events';
import { ApiRequestError, api, queryString } from '../../../lib/api';
import type { HomeFilters } from '../lib/filters';

export const eventsQueryKey = ['events'] as const;

/** GET /api/events: one page of approved events; all filtering and paging happen on the server. */
export function useEventList(filters: HomeFilters) {
  const { search, location, type, when, page } = filters;
  return useQuery({
    queryKey: [...eventsQueryKey, 'list', { search, location, type, when, page }],
    queryFn: ({ signal }) =>
      api<EventList>(
        `/api/events${queryString({
          search: search || undefined,
          location: location || undefined,
          type: type === 'all' ? undefined : type,
          when: when === 'upcoming' ? undefined : when,
          page: page > 1 ? page : undefined,
        })}`,
        { signal },
      ),
    // While the next filter or page loads, the current list stays (dimmed) instead of flashing placeholders.
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** GET /api/events/:id; a 404 is an answer ("Event Not Found"), not something to retry. */
export function useEvent(id: string) {
  return useQuery({
    queryKey: [...eventsQueryKey, 'detail', id],
    queryFn: ({ signal }) => api<EventDto>(`/api/events/${encodeURIComponent(id)}`, { signal }),
    retry: (failureCount, error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
