import { useQuery } from '@tanstack/react-query';
import type { SeriesDto } from '../../common/schemas/series';
import { api } from './api';

/**
 * GET /api/series/:id (docs/PRODUCT.md#recurring-events): a recurring event's dates, as this viewer may
 * see them. Shared by the event page (its other dates) and My events (the actions on each date).
 */
export const seriesQueryKey = (id: string) => ['series', id] as const;
export const seriesPath = (id: string) => `/api/series/${encodeURIComponent(id)}`;

export function useSeries(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: seriesQueryKey(id ?? ''),
    queryFn: ({ signal }) => api<SeriesDto>(seriesPath(id ?? ''), { signal }),
    enabled: enabled && Boolean(id),
    retry: 1,
  });
}

/** The series' calendar file: one VEVENT with its rule ("Add the whole series"). */
export const seriesIcsPath = (id: string) => `/api/series/${encodeURIComponent(id)}/ics`;
