import type { EventStatus } from '../../common/enums';
import { type Message, msg } from '../../common/i18n/messages';
import { type Actor, isModerator } from '../auth/actor';
import { type AppError, conflict, forbidden, unauthenticated } from '../errors';

/**
 * What a moderator may do on the dashboard (docs/PRODUCT.md#roles), as the role check names it. Remove Past Event is a
 * removal (the same endpoint and the same permission); what sets it apart is a state rule, below.
 */
export const MODERATION_ACTIONS = [
  'list',
  'approve',
  'reject',
  'remove',
  'dismissReports',
  'editPresets',
  'note',
  'trust',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/**
 * What an action on one event may need of its state: the dashboard's actions, and verifying, changing
 * the schedule (its submitter too) and deciding on a proposed change.
 */
export type EventAction =
  | Exclude<ModerationAction, 'list' | 'editPresets' | 'note' | 'trust'>
  | 'removePast'
  | 'verify'
  | 'changeSchedule'
  | 'decideChange';

export const MODERATOR_REQUIRED = msg('moderation.moderatorRequired');
export const SIGN_IN_REQUIRED = msg('moderation.signIn');

/** Who may use the dashboard and act on events: moderators only, enforced on the server (docs/PRODUCT.md#roles). */
export function canModerate(actor: Actor | null, _action: ModerationAction): boolean {
  return isModerator(actor);
}

/** The role check every moderation endpoint runs first: 401 for visitors, 403 for other users. */
export function authorizeModeration(actor: Actor | null, action: ModerationAction): Actor {
  if (!actor) throw unauthenticated(SIGN_IN_REQUIRED);
  if (!canModerate(actor, action)) throw forbidden(MODERATOR_REQUIRED);
  return actor;
}

export interface ModeratedEvent {
  status: EventStatus;
  /** When it is over (its end, or its start plus 2 hours): Remove Past Event waits for it. */
  over_at: number;
}

/**
 * The state an action applies to (docs/PRODUCT.md#event-states): the status it moves the event from,
 * and for Remove Past Event that it is over by `now` (docs/PRODUCT.md#events). Commands put exactly this in their UPDATE's WHERE
 * clause (commands/transition.ts), so the rule is written once.
 */
export function requiredState(
  action: EventAction,
  now: number = Date.now(),
): { status: EventStatus; overBy?: number } {
  switch (action) {
    case 'approve':
    case 'reject':
      return { status: 'pending' };
    case 'remove':
    case 'dismissReports':
    case 'verify':
    case 'changeSchedule':
    case 'decideChange':
      return { status: 'approved' };
    case 'removePast':
      return { status: 'approved', overBy: now };
  }
}

const ALREADY: Record<EventStatus, Message> = {
  pending: msg('moderation.stillPending'),
  approved: msg('moderation.alreadyApproved'),
  rejected: msg('moderation.alreadyRejected'),
  removed: msg('moderation.alreadyRemoved'),
  withdrawn: msg('moderation.withdrawn'),
};
export const NO_OPEN_REPORTS = msg('moderation.noOpenReports');
export const REPORTS_CHANGED = msg('moderation.reportsChanged');
export const NOT_PAST_YET = msg('moderation.notPastYet');

/**
 * Why the event's status (and, for Remove Past Event, its date) is not one the action applies to: a
 * 409 saying so, or null when it is.
 */
export function statusConflict(action: EventAction, event: ModeratedEvent, now: Date): AppError | null {
  const required = requiredState(action, now.getTime());
  if (event.status !== required.status) return conflict('status_changed', ALREADY[event.status]);
  if (required.overBy !== undefined && event.over_at > required.overBy) {
    return conflict('event_not_past', NOT_PAST_YET);
  }
  return null;
}

/**
 * Why the action cannot apply to the event as it is, or null when it can: its state (statusConflict),
 * and for Dismiss Report at least one open report. Commands ask inside their transaction, once the
 * event row is theirs, where the answer cannot race.
 */
export function stateConflict(
  action: EventAction,
  event: ModeratedEvent,
  openReports: number,
  now: Date = new Date(),
): AppError | null {
  const problem = statusConflict(action, event, now);
  if (problem) return problem;
  return action === 'dismissReports' && openReports === 0
    ? conflict('no_open_reports', NO_OPEN_REPORTS)
    : null;
}
