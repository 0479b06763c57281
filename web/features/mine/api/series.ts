import { useMutation } from '@tanstack/react-query';
import type { EventDto } from '../../../../common/schemas/events';
import type { SeriesDto } from '../../../../common/schemas/series';
import { api, useApiCache } from '../../../lib/api';

/** POST /api/events/:id/move: one date of a series at a new time (docs/PRODUCT.md#recurring-events). */
export function useMoveDate() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: ({
      id,
      version,
      date,
      time,
      endTime,
    }: {
      id: string;
      version: number;
      date: string;
      time: string;
      endTime?: string;
    }) =>
      api<EventDto>(`/api/events/${encodeURIComponent(id)}/move`, {
        method: 'POST',
        body: { date, time, endTime: endTime || undefined, version },
      }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}

/** POST /api/series/:id/end: the series ends on `lastDate`; its later dates are withdrawn. */
export function useEndSeries() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: ({ id, version, lastDate }: { id: string; version: number; lastDate: string }) =>
      api<SeriesDto>(`/api/series/${encodeURIComponent(id)}/end`, {
        method: 'POST',
        body: { lastDate, version },
      }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}
