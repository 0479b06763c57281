import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Schedule } from '../../../../common/enums';
import type { EventDto } from '../../../../common/schemas/events';
import type { MyEventList } from '../../../../common/schemas/ownership';
import { api, queryString, retryUnlessAccessLost, useApiCache } from '../../../lib/api';

/** Organisers' own events (docs/PRODUCT.md#my-events): the list and the actions on one (editing is the submit feature's). */
export const mineKeys = {
  list: (page: number) => ['mine', 'list', page] as const,
};

export const MY_EVENTS_PAGE_SIZE = 20;

/** GET /api/my/events: one page of the events this person submitted, newest first. */
export function useMyEvents(page: number) {
  return useQuery({
    queryKey: mineKeys.list(page),
    queryFn: ({ signal }) =>
      api<MyEventList>(`/api/my/events${queryString({ page, pageSize: MY_EVENTS_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessAccessLost,
  });
}

const eventPath = (id: string, action: string) => `/api/events/${encodeURIComponent(id)}/${action}`;

/** POST /api/events/:id/withdraw: a pending event leaves the queue for good. */
export function useWithdrawEvent() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: (event: Pick<EventDto, 'id' | 'version'>) =>
      api<EventDto>(eventPath(event.id, 'withdraw'), { method: 'POST', body: { version: event.version } }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}

/** POST /api/events/:id/schedule: cancelled, postponed, or going ahead again, with an optional note. */
export function useChangeSchedule() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: ({
      event,
      schedule,
      note,
    }: {
      event: Pick<EventDto, 'id' | 'version'>;
      schedule: Schedule;
      note?: string;
    }) =>
      api<EventDto>(eventPath(event.id, 'schedule'), {
        method: 'POST',
        body: { schedule, note, version: event.version },
      }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}

/** POST /api/moderation/events/:id/verify, for a moderator on the event's page. */
export function useSetVerified() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: ({ event, verified }: { event: Pick<EventDto, 'id' | 'version'>; verified: boolean }) =>
      api<{ event: EventDto }>(`/api/moderation/events/${encodeURIComponent(event.id)}/verify`, {
        method: 'POST',
        body: { verified, version: event.version },
      }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}

/** POST /api/moderation/events/:id/remove with the moderator's reason, from the event's page. */
export function useRemoveAsModerator() {
  const cache = useApiCache();
  return useMutation({
    mutationFn: ({ event, reason }: { event: Pick<EventDto, 'id'>; reason: string }) =>
      api<{ event: EventDto }>(`/api/moderation/events/${encodeURIComponent(event.id)}/remove`, {
        method: 'POST',
        body: { reason },
      }),
    onSettled: (_data, error) => cache.afterWrite(error),
  });
}
