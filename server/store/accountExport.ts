import type { Kysely } from 'kysely';
import type { LogAction } from '../../common/moderationEnums';
import type { Database, EventChangeRow, EventRow, ImageRow, ReportRow, UserRow } from './schema';

/** Everything "Download my data" holds (docs/PRODUCT.md#your-account), as stored. */
export interface AccountData {
  user: UserRow;
  events: EventRow[];
  reports: Pick<ReportRow, 'event_id' | 'reason' | 'status' | 'created_at'>[];
  /** Log entries about the person's events; the moderator's id is never read. */
  log: { event_id: string; action: LogAction; reason: string; created_at: number }[];
  /** The changes the person proposed to their published events, and what became of them. */
  changes: Pick<EventChangeRow, 'event_id' | 'payload' | 'status' | 'reason' | 'created_at' | 'decided_at'>[];
  /** The images the person uploaded (docs/PRODUCT.md#flyers). */
  images: Pick<ImageRow, 'id' | 'hash' | 'width' | 'created_at'>[];
}

/** One person's data, read in one transaction so the parts agree with each other. */
export async function loadAccountData(db: Kysely<Database>, userId: string): Promise<AccountData | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) return null;
    const events = await trx
      .selectFrom('events')
      .selectAll()
      .where('created_by', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const reports = await trx
      .selectFrom('reports')
      .select(['event_id', 'reason', 'status', 'created_at'])
      .where('reported_by', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const log = await trx
      .selectFrom('transparency_log')
      .innerJoin('events', 'events.id', 'transparency_log.event_id')
      .select([
        'transparency_log.event_id',
        'transparency_log.action',
        'transparency_log.reason',
        'transparency_log.created_at',
      ])
      .where('events.created_by', '=', userId)
      .orderBy('transparency_log.created_at')
      .orderBy('transparency_log.id')
      .execute();
    const changes = await trx
      .selectFrom('event_changes')
      .select(['event_id', 'payload', 'status', 'reason', 'created_at', 'decided_at'])
      .where('proposed_by', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const images = await trx
      .selectFrom('images')
      .select(['id', 'hash', 'width', 'created_at'])
      .where('uploaded_by', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return { user, events, reports, log, changes, images };
  });
}
