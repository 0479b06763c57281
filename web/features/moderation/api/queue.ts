import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BulkInput,
  BulkResult,
  ClaimResult,
  Note,
  NoteList,
  Person,
} from '../../../../common/schemas/queue';
import { api, retryUnlessAccessLost, useApiCache } from '../../../lib/api';
import { moderationKeys } from './keys';

/**
 * Moderators' time (docs/PRODUCT.md#moderation): claims, bulk decisions, notes, trusted organisers and
 * "Published without review".
 */
const eventPath = (eventId: string, what: string) =>
  `/api/moderation/events/${encodeURIComponent(eventId)}/${what}`;
const personPath = (userId: string, what = '') =>
  `/api/moderation/people/${encodeURIComponent(userId)}${what ? `/${what}` : ''}`;

export const queueKeys = {
  notes: (eventId: string) => ['moderation', 'notes', eventId] as const,
  person: (userId: string) => ['moderation', 'person', userId] as const,
};

/**
 * "I'm looking at this": claimed when selected, let go when another is selected. Neither refreshes
 * the lists: other moderators see the claim when theirs next load.
 */
export function useClaim() {
  return useMutation({
    mutationFn: ({ eventId, release }: { eventId: string; release?: boolean }): Promise<unknown> =>
      release
        ? api<{ released: boolean }>(eventPath(eventId, 'release'), { method: 'POST', body: {} })
        : api<ClaimResult>(eventPath(eventId, 'claim'), { method: 'POST', body: {} }),
  });
}

/** Approve or reject the selected events: one answer per event. */
export function useBulkDecide() {
  const { afterWrite } = useApiCache();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: (input: BulkInput) =>
      api<BulkResult>('/api/moderation/bulk', { method: 'POST', body: input }),
    onSettled: (_data, error) => afterWrite(error),
  });
}

export function useEventNotes(eventId: string) {
  return useQuery({
    queryKey: queueKeys.notes(eventId),
    queryFn: ({ signal }) => api<NoteList>(eventPath(eventId, 'notes'), { signal }),
    staleTime: 0,
    retry: retryUnlessAccessLost,
  });
}

export function usePerson(userId: string) {
  return useQuery({
    queryKey: queueKeys.person(userId),
    queryFn: ({ signal }) => api<Person>(personPath(userId), { signal }),
    staleTime: 0,
    retry: retryUnlessAccessLost,
  });
}

/** Add a note on an event or a person, or delete one of mine; the notes and the list refresh after. */
export function useSaveNote() {
  const { afterWrite } = useApiCache();
  return useMutation({
    mutationFn: (
      input: { eventId: string; text: string } | { userId: string; text: string } | { deleteId: string },
    ): Promise<Note | { deleted: true }> => {
      if ('deleteId' in input) {
        return api(`/api/moderation/notes/${encodeURIComponent(input.deleteId)}/delete`, {
          method: 'POST',
          body: {},
        });
      }
      const path = 'eventId' in input ? eventPath(input.eventId, 'notes') : personPath(input.userId, 'notes');
      return api<Note>(path, { method: 'POST', body: { text: input.text } });
    },
    onSettled: (_data, error) => afterWrite(error),
  });
}

/** Trust a person or untrust them (audited); the person and the lists refresh after. */
export function useTrustPerson() {
  const { afterWrite } = useApiCache();
  return useMutation({
    mutationFn: ({ userId, trusted }: { userId: string; trusted: boolean }) =>
      api<Person>(personPath(userId, 'trust'), { method: 'POST', body: { trusted } }),
    onSettled: (_data, error) => afterWrite(error),
  });
}

/** "Published without review" checked. */
export function useMarkChecked() {
  const { afterWrite } = useApiCache();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({ eventId }: { eventId: string }) =>
      api<{ checked: true }>(eventPath(eventId, 'checked'), { method: 'POST', body: {} }),
    onSettled: (_data, error) => afterWrite(error),
  });
}
