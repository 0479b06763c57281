import type { Kysely } from 'kysely';
import { type Listed, type Page, pageOffset } from '../../common/paging';
import type { Database, EventChangeRow, EventRow } from './schema';

/**
 * Every event `userId` submitted, newest submission first (docs/PRODUCT.md#my-events); a recurring
 * event once, by its first date (its dates are GET /api/series/:id).
 */
export async function listEventsSubmittedBy(
  db: Kysely<Database>,
  userId: string,
  page: Page,
): Promise<Listed<EventRow>> {
  const query = db
    .selectFrom('events')
    .where('created_by', '=', userId)
    .where((eb) => eb.or([eb('series_position', 'is', null), eb('series_position', '=', 0)]));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** What its submitter is told about an event's review: the latest moderation reason and change. */
export interface ReviewNotes {
  /** The reason of the latest rejection or removal. */
  reason?: string;
  /** The latest proposed change, if it waits or was rejected (accepted ones are the event itself). */
  change?: EventChangeRow;
}

/** Review notes of each of `events`: two queries, whatever their number. */
export async function reviewNotesOf(
  db: Kysely<Database>,
  events: Pick<EventRow, 'id' | 'status'>[],
): Promise<Map<string, ReviewNotes>> {
  const notes = new Map<string, ReviewNotes>(events.map((e) => [e.id, {}]));
  const ids = events.map((e) => e.id);
  if (ids.length === 0) return notes;
  const decided = events.filter((e) => e.status === 'rejected' || e.status === 'removed').map((e) => e.id);
  const [entries, changes] = await Promise.all([
    decided.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('transparency_log')
          .select(['event_id', 'reason', 'created_at'])
          .where('event_id', 'in', decided)
          .where('action', 'in', ['rejected', 'removed'])
          .orderBy('created_at', 'asc')
          .execute(),
    db
      .selectFrom('event_changes')
      .selectAll()
      .where('event_id', 'in', ids)
      .orderBy('created_at', 'asc')
      .orderBy('id')
      .execute(),
  ]);
  // Ascending, so the latest of each event is written last.
  for (const entry of entries) {
    const note = notes.get(entry.event_id);
    if (note) note.reason = entry.reason;
  }
  const latest = new Map<string, EventChangeRow>();
  for (const change of changes) latest.set(change.event_id, change);
  for (const [eventId, change] of latest) {
    // An accepted or replaced change is history: the event itself, or a newer change, says it.
    if (change.status !== 'pending' && change.status !== 'rejected') continue;
    const note = notes.get(eventId);
    if (note) note.change = change;
  }
  return notes;
}

/** The proposed change that waits for review on an event, if any. */
export async function pendingChangeOf(
  db: Kysely<Database>,
  eventId: string,
): Promise<EventChangeRow | undefined> {
  return db
    .selectFrom('event_changes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}
