import { type Actor, isModerator } from '../auth/actor';
import { type AppError, conflict, forbidden, unauthenticated } from '../errors';
import type { EventRow } from '../store/schema';

/**
 * Who may open an event's page (docs/PRODUCT.md#who-sees-what): approved events everyone; pending, rejected and removed
 * ones only moderators and the event's submitter. Everyone else is told it does not exist.
 */
export function canViewEvent(actor: Actor | null, event: Pick<EventRow, 'status' | 'created_by'>): boolean {
  if (event.status === 'approved') return true;
  if (!actor) return false;
  return isModerator(actor) || event.created_by === actor.id;
}

const HOUR = 3600 * 1000;

/**
 * Who sees an event's exact place, its venue, address and link to join (docs/PRODUCT.md#who-sees-what):
 * its submitter and the moderators always; others by the submitter's rule: everyone, signed-in people,
 * or everyone from N hours before the start. Every output asks this, through presenters/place.ts.
 */
export function canSeeExactPlace(
  actor: Actor | null,
  event: Pick<EventRow, 'created_by' | 'place_visibility' | 'place_hours_before' | 'starts_at'>,
  now: number,
): boolean {
  if (actor && (isModerator(actor) || actor.id === event.created_by)) return true;
  switch (event.place_visibility) {
    case 'everyone':
      return true;
    case 'signed_in':
      return actor !== null;
    case 'hours_before':
      return now >= event.starts_at - (event.place_hours_before ?? 0) * HOUR;
  }
}

export const SCHEDULE_SIGN_IN = "You need to sign in to change an event's schedule.";
export const SCHEDULE_FORBIDDEN =
  'Only the person who submitted this event or a moderator can change its schedule.';
export const SCHEDULE_NOT_PUBLISHED = 'Only a published event can be marked cancelled or postponed.';

/**
 * Who may mark an event cancelled or postponed, or scheduled again (docs/PRODUCT.md#cancelled-and-postponed):
 * its submitter and the moderators, 401 for a visitor and 403 for anyone else. The caller first made
 * sure the person may see the event at all (404 otherwise).
 */
export function authorizeScheduleChange(actor: Actor | null, event: Pick<EventRow, 'created_by'>): Actor {
  if (!actor) throw unauthenticated(SCHEDULE_SIGN_IN);
  if (!isModerator(actor) && actor.id !== event.created_by) throw forbidden(SCHEDULE_FORBIDDEN);
  return actor;
}

/** The state a schedule change applies to: an approved event (a 409 saying so otherwise). */
export function scheduleConflict(event: Pick<EventRow, 'status'>): AppError | null {
  return event.status === 'approved' ? null : conflict('not_published', SCHEDULE_NOT_PUBLISHED);
}
