import type { Kysely } from 'kysely';
import { type Listed, type Page, pageOffset } from '../../common/paging';
import type { Database, EventRow } from './schema';

/**
 * Trusted organisers (docs/PRODUCT.md#moderation): their submissions are published at once and marked
 * "Published without review" until a moderator checks them. Moderators alone read any of this.
 */
export async function isTrusted(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_people')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of `userIds` are trusted. */
export async function trustedAmong(db: Kysely<Database>, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('trusted_people')
    .select('user_id')
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Trust a person; false when they already were (nothing changed). */
export async function trustPerson(
  db: Kysely<Database>,
  { userId, moderatorId, now }: { userId: string; moderatorId: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('trusted_people')
    .values({ user_id: userId, trusted_by: moderatorId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Take a person's trust away; false when they were not trusted. */
export async function untrustPerson(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('trusted_people').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Mark an event as published without review (written in the submission's transaction). */
export async function markUnreviewed(db: Kysely<Database>, eventId: string, now: number): Promise<void> {
  await db.insertInto('unreviewed_events').values({ event_id: eventId, created_at: now }).execute();
}

/** Clear the mark; false when there was none (another moderator checked it, or it never had one). */
export async function clearUnreviewed(db: Kysely<Database>, eventId: string): Promise<boolean> {
  const result = await db.deleteFrom('unreviewed_events').where('event_id', '=', eventId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of `eventIds` are marked published without review. */
export async function unreviewedAmong(db: Kysely<Database>, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('unreviewed_events')
    .select('event_id')
    .where('event_id', 'in', eventIds)
    .execute();
  return new Set(rows.map((r) => r.event_id));
}

function unreviewedPublished(db: Kysely<Database>) {
  return db
    .selectFrom('unreviewed_events as u')
    .innerJoin('events', 'events.id', 'u.event_id')
    .where('events.status', '=', 'approved');
}

/** How many published events wait to be checked. */
export async function countUnreviewed(db: Kysely<Database>): Promise<number> {
  const row = await unreviewedPublished(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Published events still marked "Published without review", the longest waiting first. */
export async function listUnreviewedEvents(db: Kysely<Database>, page: Page): Promise<Listed<EventRow>> {
  const [total, rows] = await Promise.all([
    countUnreviewed(db),
    unreviewedPublished(db)
      .selectAll('events')
      .orderBy('u.created_at')
      .orderBy('u.event_id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { rows, total };
}
