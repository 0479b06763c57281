import type { Transaction, Updateable } from 'kysely';
import type { EventStatus } from '../../common/enums';
import type { Database, EventRow, EventsTable } from '../store/schema';

/**
 * A series is reviewed once (docs/PRODUCT.md#recurring-events): the moderation action taken on one of
 * its dates (the queue shows its first one waiting) applies to every other date still in `from`, in the
 * action's transaction. The caller writes the one log and audit entry, for the date it was taken on.
 */
export async function alsoForSeries(
  trx: Transaction<Database>,
  event: EventRow,
  from: EventStatus,
  changes: Updateable<EventsTable>,
): Promise<number> {
  if (!event.series_id) return 0;
  const result = await trx
    .updateTable('events')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('series_id', '=', event.series_id)
    .where('status', '=', from)
    .where('id', '!=', event.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
