import type { Kysely, Transaction, Updateable } from 'kysely';
import type { EventStatus } from '../../common/enums';
import { conflict, notFound } from '../errors';
import { type EventAction, stateConflict } from '../policies/moderation';
import type { Database, EventRow, EventsTable } from '../store/schema';

export interface ModerationContext {
  db: Kysely<Database>;
  /** The moderator acting: stored on the log entry and on closed reports. */
  moderatorId: string;
  now?: number;
}

export const EVENT_GONE = 'This event no longer exists.';

/**
 * Move an event from `from` to a new state, only if it is still in `from`: the UPDATE's WHERE clause
 * is the lock, so of two moderators acting at once exactly one changes the row. The loser's
 * transaction reads the event again to say why (409), and rolls back.
 */
export async function transitionEvent(
  trx: Transaction<Database>,
  action: EventAction,
  eventId: string,
  from: EventStatus,
  changes: Updateable<EventsTable>,
  now: number,
  extraWhere: { startsBefore?: number } = {},
): Promise<EventRow> {
  let update = trx.updateTable('events').set(changes).where('id', '=', eventId).where('status', '=', from);
  if (extraWhere.startsBefore !== undefined) update = update.where('starts_at', '<', extraWhere.startsBefore);
  const result = await update.executeTakeFirst();
  const current = await trx.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!current) throw notFound(EVENT_GONE);
  if (Number(result.numUpdatedRows) !== 1) {
    throw (
      stateConflict(action, current, 0, new Date(now)) ??
      conflict('status_changed', 'This event changed while you were acting on it. Reload and try again.')
    );
  }
  return current;
}
