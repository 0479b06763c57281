import type { Kysely } from 'kysely';
import { newId } from './ids';
import type { Database } from './schema';

/**
 * The moderators' audit trail (docs/PRODUCT.md#moderation): every moderation action on an event, who
 * took it and when, never shown publicly. Written in the transaction of the action it records.
 */
export async function insertAuditEntry(
  db: Kysely<Database>,
  entry: { eventId: string; action: string; moderatorId: string; note?: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('moderation_audit')
    .values({
      id: newId(),
      event_id: entry.eventId,
      action: entry.action,
      note: entry.note ?? null,
      moderator_id: entry.moderatorId,
      created_at: entry.now,
    })
    .execute();
}

export interface AuditRow {
  id: string;
  action: string;
  note: string | null;
  created_at: number;
  moderator_id: string;
  moderator_name: string;
}

/** An event's audit trail, oldest first, with each moderator's name. */
export async function listAuditTrail(db: Kysely<Database>, eventId: string): Promise<AuditRow[]> {
  return db
    .selectFrom('moderation_audit as a')
    .innerJoin('users as u', 'u.id', 'a.moderator_id')
    .select(['a.id', 'a.action', 'a.note', 'a.created_at', 'a.moderator_id', 'u.name as moderator_name'])
    .where('a.event_id', '=', eventId)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
}

/** The moderators' audit trail of a person (trusted, untrusted): in the transaction of the change. */
export async function insertPersonAuditEntry(
  db: Kysely<Database>,
  entry: { userId: string; action: 'trusted' | 'untrusted'; moderatorId: string; now: number },
): Promise<void> {
  await db
    .insertInto('person_audit')
    .values({
      id: newId(),
      user_id: entry.userId,
      action: entry.action,
      moderator_id: entry.moderatorId,
      created_at: entry.now,
    })
    .execute();
}

/** A person's audit trail, oldest first, with each moderator's name (AuditRow without a note). */
export async function listPersonAuditTrail(db: Kysely<Database>, userId: string): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('person_audit as a')
    .innerJoin('users as u', 'u.id', 'a.moderator_id')
    .select(['a.id', 'a.action', 'a.created_at', 'a.moderator_id', 'u.name as moderator_name'])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ ...r, note: null }));
}
