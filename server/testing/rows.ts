import type { Store } from '../store/db';

// What a test reads back from the database after an action: an event's status, the public log.

/** An event's status as stored now. */
export const statusOf = async (store: Store, id: string) =>
  (await store.db.selectFrom('events').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

/** The stored status of each of these events (in no particular order). */
export const statusesOf = (store: Store, ids: readonly string[]) =>
  store.db.selectFrom('events').select(['id', 'status']).where('id', 'in', ids).execute();

/** The public log's entries of one event, or of each of several. */
export const logOf = (store: Store, ids: string | readonly string[]) =>
  store.db
    .selectFrom('transparency_log')
    .selectAll()
    .where('event_id', 'in', typeof ids === 'string' ? [ids] : ids)
    .execute();
