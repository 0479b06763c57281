import { msg } from '../../common/i18n/messages';
import { type Actor, isModerator } from '../auth/actor';
import { type AppError, conflict } from '../errors';
import type { EventRow } from '../store/schema';
import { requiredState } from './moderation';

/**
 * Who may open an event's page (docs/PRODUCT.md#who-sees-what): approved events everyone; pending, rejected and removed
 * ones only moderators and the event's submitter. Everyone else is told it does not exist.
 */
export function canViewEvent(actor: Actor | null, event: Pick<EventRow, 'status' | 'created_by'>): boolean {
  if (event.status === 'approved') return true;
  if (!actor) return false;
  return isModerator(actor) || event.created_by === actor.id;
}

/**
 * Who may edit, withdraw or cancel an event and read its review (docs/PRODUCT.md#my-events): its
 * submitter and the moderators. To anyone else the event answers as a hidden one does (404).
 */
export function isOwnerOrModerator(actor: Actor | null, event: Pick<EventRow, 'created_by'>): boolean {
  return actor !== null && (isModerator(actor) || actor.id === event.created_by);
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

export const SCHEDULE_SIGN_IN = msg('event.scheduleSignIn');
export const SCHEDULE_NOT_PUBLISHED = msg('event.scheduleNotPublished');

/** The state a schedule change applies to (requiredState): a published event (a 409 saying so otherwise). */
export function scheduleConflict(event: Pick<EventRow, 'status'>): AppError | null {
  return event.status === requiredState('changeSchedule').status
    ? null
    : conflict('not_published', SCHEDULE_NOT_PUBLISHED);
}

/**
 * A postponed event given a new start goes ahead on it (docs/PRODUCT.md#cancelled-and-postponed): the
 * Postpone dialog tells its submitter to edit the date once they know the new one, and the new date is
 * that. The columns to write with the edit, none when the start stays or the event is not postponed.
 */
export function goesAheadOnNewStart(
  before: Pick<EventRow, 'schedule' | 'starts_at'>,
  startsAt: number,
): Pick<EventRow, 'schedule' | 'schedule_note'> | Record<string, never> {
  return before.schedule === 'postponed' && startsAt !== before.starts_at
    ? { schedule: 'scheduled', schedule_note: null }
    : {};
}
