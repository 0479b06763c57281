import type { Kysely, Transaction, Updateable } from 'kysely';
import { msg } from '../../common/i18n/messages';
import { conflict, notFound } from '../errors';
import type { Outbox } from '../mail/outbox';
import { type EventAction, requiredState, statusConflict } from '../policies/moderation';
import { getEventById } from '../store/events';
import type { Database, EventRow, EventsTable } from '../store/schema';

export interface ModerationContext {
  db: Kysely<Database>;
  /** The moderator acting: stored on the log entry and on closed reports. */
  moderatorId: string;
  now?: number;
  /** Where the submitter's email about the outcome is written, in the action's transaction. */
  outbox?: Outbox;
}

export const EVENT_GONE = msg('event.gone');
const CHANGED_MEANWHILE = msg('event.changedMeanwhile');

/**
 * Take the event for `action`: apply `changes` only if it is still in the state the policy requires
 * (requiredState). That UPDATE's WHERE clause is the lock, so of two moderators acting at once exactly
 * one changes the row, and the other waits for it on PostgreSQL. Without `changes` the row is only
 * locked (a no-op update), for an action that changes other rows (Dismiss Report). The loser reads
 * the event again to say why (404 or the policy's 409), and its transaction rolls back.
 */
export async function takeEvent(
  trx: Transaction<Database>,
  action: EventAction,
  eventId: string,
  now: number,
  changes?: Updateable<EventsTable>,
): Promise<EventRow> {
  const { status, overBy } = requiredState(action, now);
  // A change raises the version (commands/editEvent.ts), so an edit based on what came before is refused.
  let update = trx
    .updateTable('events')
    .set((eb) => (changes ? { ...changes, version: eb('version', '+', 1) } : { status }))
    .where('id', '=', eventId)
    .where('status', '=', status);
  if (overBy !== undefined) update = update.where('over_at', '<=', overBy);
  const result = await update.executeTakeFirst();
  const current = await getEventById(trx, eventId);
  if (!current) throw notFound(EVENT_GONE);
  if (Number(result.numUpdatedRows) === 1) return current;
  // Missed: the row broke the policy's rule when the UPDATE looked. On PostgreSQL this second read may
  // already see a later change (a pending event approved meanwhile, which a removal would now fit).
  throw statusConflict(action, current, new Date(now)) ?? conflict('status_changed', CHANGED_MEANWHILE);
}
