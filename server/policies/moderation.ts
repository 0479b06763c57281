import { isPast } from '../../common/dates';
import type { EventStatus } from '../../common/enums';
import { type Actor, isModerator } from '../auth/actor';
import { type AppError, conflict, forbidden, unauthenticated } from '../errors';

/** Everything a moderator may do on the dashboard (spec §6). */
export const MODERATION_ACTIONS = [
  'list',
  'approve',
  'reject',
  'remove',
  'removePast',
  'dismissReports',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export type EventAction = Exclude<ModerationAction, 'list'>;

export const MODERATOR_REQUIRED = "You don't have permission to access the moderation dashboard.";
export const SIGN_IN_REQUIRED = 'You need to sign in to access this page.';

/** Who may use the dashboard and act on events: moderators only, enforced on the server (DESIGN.md). */
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
  starts_at: number;
}

/** The status an action moves an event from (spec §4); dismissing reports changes no status. */
export const REQUIRED_STATUS: Record<Exclude<EventAction, 'dismissReports'>, EventStatus> = {
  approve: 'pending',
  reject: 'pending',
  remove: 'approved',
  removePast: 'approved',
};

const ALREADY: Record<EventStatus, string> = {
  pending: 'This event is still waiting for review: approve or reject it instead.',
  approved: 'This event has already been approved, possibly by another moderator.',
  rejected: 'This event has already been rejected, possibly by another moderator.',
  removed: 'This event has already been removed, possibly by another moderator.',
};

export const NO_OPEN_REPORTS =
  'This event has no open reports: they may already have been dismissed by another moderator.';
export const NOT_PAST_YET = 'This event has not happened yet, so it cannot be removed as a past event.';

/**
 * Why the event is not in a state the action applies to, or null when it is. Handlers answer 409 with
 * it; commands check the same rule again inside their transaction, where it cannot race.
 */
export function stateConflict(
  action: EventAction,
  event: ModeratedEvent,
  openReports: number,
  now: Date = new Date(),
): AppError | null {
  if (action === 'dismissReports') {
    return openReports > 0 ? null : conflict('no_open_reports', NO_OPEN_REPORTS);
  }
  if (event.status !== REQUIRED_STATUS[action]) return conflict('status_changed', ALREADY[event.status]);
  if (action === 'removePast' && !isPast(new Date(event.starts_at), now)) {
    return conflict('event_not_past', NOT_PAST_YET);
  }
  return null;
}
