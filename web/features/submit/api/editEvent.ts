import { useMutation, useQuery } from '@tanstack/react-query';
import type { ValidEventInput } from '../../../../common/schemas/events';
import type { EditResult, EventEditState } from '../../../../common/schemas/ownership';
import { api, retryUnlessAccessLost, useApiCache } from '../../../lib/api';

/** Editing an event with the submit form, and "Submit a copy" (docs/PRODUCT.md#my-events). */
const editPath = (id: string) => `/api/events/${encodeURIComponent(id)}/edit`;

/** GET /api/events/:id/edit: the form as the event is (or as its waiting change has it), and its version. */
export function useEditState(id: string, enabled = true) {
  return useQuery({
    queryKey: ['edit', id],
    queryFn: ({ signal }) => api<EventEditState>(editPath(id), { signal }),
    enabled,
    // Always from the server: an edit must start from what is there now, not from a kept copy.
    staleTime: 0,
    gcTime: 0,
    retry: retryUnlessAccessLost,
  });
}

/** POST /api/events/:id/edit, from `version`: an edit in place, a resubmission or a proposed change. */
export function useEditEvent(id: string, version: number) {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (input: ValidEventInput) =>
      api<EditResult>(editPath(id), { method: 'POST', body: { ...input, version } }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}

/**
 * POST /api/series/:id/edit, from the series' `version` (docs/PRODUCT.md#recurring-events): every date
 * still to come; the event page then says what it did (changed now, or proposed for review).
 */
export function useEditSeries(seriesId: string, version: number) {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (input: ValidEventInput) =>
      api<Pick<EditResult, 'outcome'>>(`/api/series/${encodeURIComponent(seriesId)}/edit`, {
        method: 'POST',
        body: { ...input, version },
      }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}
