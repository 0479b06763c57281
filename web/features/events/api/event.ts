import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '../../../../common/schemas/events';
import { api, isRefusal, useApiCache } from '../../../lib/api';
import { eventsQueryKey } from './events';

// One event, for its page (a chunk of its own; the lists are ./events.ts, in the first bundle).
export const eventQueryKey = (id: string) => [...eventsQueryKey, 'detail', id] as const;
export const eventPath = (id: string) => `/api/events/${encodeURIComponent(id)}`;

/** GET /api/events/:id; a 404 is an answer ("Event Not Found"), not something to retry. */
export function useEvent(id: string) {
  return useQuery({
    queryKey: eventQueryKey(id),
    queryFn: ({ signal }) => api<EventDto>(eventPath(id), { signal }),
    retry: (failureCount, error) => !isRefusal(error) && failureCount < 1,
  });
}

/**
 * For the event page's own actions (reporting it…): the server answered that the event is gone
 * (removed by a moderator, or no longer visible to this person). Refreshes what this tab shows of it:
 * the event page refetches, gets its 404 and shows "Event Not Found", the page a visitor gets for a
 * removed event; the lists that may still hold it refetch when next shown.
 */
export function useForgetGoneEvent(id: string): () => Promise<void> {
  const queryClient = useQueryClient();
  const cache = useApiCache();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: eventQueryKey(id) }),
      // Lists (home, a moderator's dashboard) refetch when next shown, not now.
      cache.refreshData({ later: true }),
    ]);
  };
}
