import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filtersToParams, type HomeFilters } from '../../../../common/filters';
import type { EventList, MonthEvents } from '../../../../common/schemas/events';
import { api } from '../../../lib/api';

export const eventsQueryKey = ['events'] as const;

/** The list's cache key; the server renderer (web/entry-server.tsx) fills the same entry. */
export function eventListQueryKey(filters: HomeFilters) {
  // Only what the request carries: a zone without a period changes nothing.
  return [...eventsQueryKey, 'list', filtersToParams(filters).toString()] as const;
}

/** The request behind one page of the home list, as the browser and the server renderer make it. */
export function eventListPath(filters: HomeFilters): string {
  const query = filtersToParams(filters).toString();
  return query ? `/api/events?${query}` : '/api/events';
}

/** GET /api/events: one page of approved events; all filtering and paging happen on the server. */
export function useEventList(filters: HomeFilters, enabled = true) {
  return useQuery({
    enabled,
    queryKey: eventListQueryKey(filters),
    queryFn: ({ signal }) => api<EventList>(eventListPath(filters), { signal }),
    // While the next filter or page loads, the current list stays (dimmed) instead of flashing placeholders.
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/**
 * The request behind the month view: what narrows the list, the month and the zone (the server picks
 * the current month when the address names none, so the browser and the server renderer agree).
 */
export function monthEventsPath(filters: HomeFilters): string {
  // The month view's address without the view itself: what narrows the list, the month and the zone.
  const params = filtersToParams({ ...filters, view: 'month' });
  params.delete('view');
  const query = params.toString();
  return query ? `/api/events/month?${query}` : '/api/events/month';
}

/** The month view's cache key; the server renderer fills the same entry. */
export const monthEventsQueryKey = (filters: HomeFilters) =>
  [...eventsQueryKey, 'month', monthEventsPath(filters)] as const;

/** GET /api/events/month: each day of a month with its count and first events. */
export function useMonthEvents(filters: HomeFilters, enabled: boolean) {
  return useQuery({
    queryKey: monthEventsQueryKey(filters),
    queryFn: ({ signal }) => api<MonthEvents>(monthEventsPath(filters), { signal }),
    placeholderData: keepPreviousData,
    retry: 1,
    enabled,
  });
}
