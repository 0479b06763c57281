import { useMutation, useMutationState } from '@tanstack/react-query';
import type { EventDto, ScheduleInput } from '../../../../common/schemas/events';
import type {
  ApproveInput,
  DismissResult,
  ModerationActionResult,
  RejectInput,
  RemoveInput,
} from '../../../../common/schemas/moderation';
import { api, useApiCache } from '../../../lib/api';
import { moderationKeys } from './keys';

export interface ActionVariables {
  eventId: string;
}

/**
 * After any action every list and count may have changed, and so may the public lists and the log:
 * everything but the session refreshes. Unless the server refused the moderator (401: session ended,
 * 403: no longer a moderator): then nothing changed, and the session is asked again instead, so the
 * page shows the signed-out or not-a-moderator state (useApiCache().afterWrite). The action stays
 * pending until that answer is in, so the dashboard's own error callbacks run only if it is still shown
 * (and then say why).
 */
function useRefreshAfterAction() {
  const { afterWrite } = useApiCache();
  return (_data: unknown, error: unknown) => afterWrite(error);
}

const path = (eventId: string, action: string) =>
  `/api/moderation/events/${encodeURIComponent(eventId)}/${action}`;

export function useApproveEvent() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({ eventId, verified }: ActionVariables & ApproveInput) =>
      api<ModerationActionResult>(path(eventId, 'approve'), { method: 'POST', body: { verified } }),
    onSettled: refresh,
  });
}

export function useRejectEvent() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({ eventId, reason }: ActionVariables & RejectInput) =>
      api<ModerationActionResult>(path(eventId, 'reject'), { method: 'POST', body: { reason } }),
    onSettled: refresh,
  });
}

export function useRemoveEvent() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({ eventId, ...body }: ActionVariables & RemoveInput) =>
      api<ModerationActionResult>(path(eventId, 'remove'), { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useDismissReports() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    // The reports the moderator read: one that came in meanwhile keeps them all open (409).
    mutationFn: ({ eventId, reportIds }: ActionVariables & { reportIds: string[] }) =>
      api<DismissResult>(path(eventId, 'dismiss-reports'), { method: 'POST', body: { reportIds } }),
    onSettled: refresh,
  });
}

/** Ids of the events with an action in flight: their buttons stay disabled until it settles. */
export function useBusyEventIds(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: moderationKeys.action, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ActionVariables | undefined)?.eventId ?? '',
  });
  return new Set(ids);
}

/**
 * Ids of the events this page decided on (in flight or done, for as long as the mutation cache keeps
 * them): an event gone from a refreshed list for another reason went by someone else's hand.
 */
export function useDecidedHereIds(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: moderationKeys.action },
    select: (mutation) => {
      const variables = mutation.state.variables as Partial<ActionVariables> & { ids?: string[] };
      return variables?.ids ?? (variables?.eventId ? [variables.eventId] : []);
    },
  });
  return new Set(ids.flat());
}

/** Publish the change its submitter proposed, from the event's `version` the moderator compared. */
export function useAcceptChange() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({ eventId, version }: ActionVariables & { version: number }) =>
      api<ModerationActionResult>(path(eventId, 'accept-change'), { method: 'POST', body: { version } }),
    onSettled: refresh,
  });
}

/** Turn a proposed change down with a reason its submitter reads; the published event stays. */
export function useRejectChange() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({ eventId, version, reason }: ActionVariables & { version: number; reason: string }) =>
      api<ModerationActionResult>(path(eventId, 'reject-change'), {
        method: 'POST',
        body: { version, reason },
      }),
    onSettled: refresh,
  });
}

/** Verify a published event, or take the mark away (a public log entry says which). */
export function useVerifyEvent() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({ eventId, verified, version }: ActionVariables & { verified: boolean; version: number }) =>
      api<ModerationActionResult>(path(eventId, 'verify'), { method: 'POST', body: { verified, version } }),
    onSettled: refresh,
  });
}

/**
 * Cancel or postpone a published event (with an optional note for attendees), or put it back to going
 * ahead: the endpoint the event's page uses (`POST /api/events/:id/schedule`, docs/PRODUCT.md#cancelled-and-postponed),
 * from the event's `version` the moderator saw (409 if it changed since).
 */
export function useChangeSchedule() {
  const refresh = useRefreshAfterAction();
  return useMutation({
    mutationKey: moderationKeys.action,
    mutationFn: ({
      eventId,
      schedule,
      note,
      version,
    }: ActionVariables & ScheduleInput & { version: number }) =>
      api<EventDto>(`/api/events/${encodeURIComponent(eventId)}/schedule`, {
        method: 'POST',
        body: { schedule, note, version },
      }),
    onSettled: refresh,
  });
}
