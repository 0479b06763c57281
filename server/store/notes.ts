import type { Kysely } from 'kysely';
import { newId } from './ids';
import type { Database } from './schema';

/**
 * Moderators' private notes on an event or on a person (docs/PRODUCT.md#moderation). Only the
 * moderation API reads them; no other answer, export or page ever does.
 */
export interface NoteRow {
  id: string;
  text: string;
  created_at: number;
  author_id: string;
  author_name: string;
}

/** The most notes listed on one event or person (the newest). */
export const NOTES_LISTED_MAX = 100;

export type NoteSubject = { eventId: string } | { userId: string };

export async function listNotes(db: Kysely<Database>, subject: NoteSubject): Promise<NoteRow[]> {
  let query = db
    .selectFrom('moderator_notes as n')
    .innerJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.text', 'n.created_at', 'n.author_id', 'u.name as author_name']);
  query =
    'eventId' in subject
      ? query.where('n.event_id', '=', subject.eventId)
      : query.where('n.user_id', '=', subject.userId);
  const rows = await query.orderBy('n.created_at', 'desc').orderBy('n.id').limit(NOTES_LISTED_MAX).execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

export async function insertNote(
  db: Kysely<Database>,
  { subject, authorId, text, now }: { subject: NoteSubject; authorId: string; text: string; now: number },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('moderator_notes')
    .values({
      id,
      event_id: 'eventId' in subject ? subject.eventId : null,
      user_id: 'userId' in subject ? subject.userId : null,
      author_id: authorId,
      text,
      created_at: now,
    })
    .execute();
  return id;
}

export async function getNote(db: Kysely<Database>, id: string) {
  return db.selectFrom('moderator_notes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Delete a note if `authorId` wrote it; false when it was not (or is no longer) theirs. */
export async function deleteOwnNote(db: Kysely<Database>, id: string, authorId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('moderator_notes')
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of `eventIds` have notes (the queue card shows a mark). */
export async function eventsWithNotes(
  db: Kysely<Database>,
  eventIds: string[],
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('moderator_notes')
    .select(['event_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('event_id', 'in', eventIds)
    .groupBy('event_id')
    .execute();
  return new Map(rows.map((r) => [r.event_id as string, Number(r.n)]));
}
