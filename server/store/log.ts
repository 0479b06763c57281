import type { Kysely } from 'kysely';
import { type LogAction, STATS_LOG_ACTIONS, type StatsLogAction } from '../../common/moderationEnums';
import { type Listed, type Page, pageOffset } from '../../common/paging';
import { newId } from './ids';
import type { Database, LogRow } from './schema';

/**
 * Write one transparency log entry. Called inside the transaction of the moderation action it records,
 * so the action and its entry are kept or lost together.
 */
export async function insertLogEntry(
  db: Kysely<Database>,
  entry: { eventId: string; action: LogAction; reason: string; moderatorId: string; now: number },
): Promise<LogRow> {
  const row: LogRow = {
    id: newId(),
    event_id: entry.eventId,
    action: entry.action,
    reason: entry.reason,
    moderator_id: entry.moderatorId,
    created_at: entry.now,
  };
  await db.insertInto('transparency_log').values(row).execute();
  return row;
}

/** A log entry with what its presenter may need: the event's title and the acting moderator's name. */
export interface LogEntryRow {
  id: string;
  event_id: string;
  action: LogAction;
  reason: string;
  moderator_id: string;
  created_at: number;
  event_title: string;
  event_created_by: string;
  /** The rule of the series the event is a date of (migration 0018), if it is one. */
  event_series_rule: string | null;
  moderator_name: string;
}

/**
 * Log entries newest first: all of them, or (with `submittedBy`) only those about events that user
 * submitted.
 */
export async function listLogEntries(
  db: Kysely<Database>,
  { submittedBy }: { submittedBy?: string },
  page: Page,
): Promise<Listed<LogEntryRow>> {
  let query = db
    .selectFrom('transparency_log as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('users as m', 'm.id', 'l.moderator_id');
  if (submittedBy !== undefined) query = query.where('e.created_by', '=', submittedBy);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select([
        'l.id',
        'l.event_id',
        'l.action',
        'l.reason',
        'l.moderator_id',
        'l.created_at',
        'e.title as event_title',
        'e.created_by as event_created_by',
        'e.series_rule as event_series_rule',
        'm.name as moderator_name',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Action, reason and time of every entry since `since` (ms): the raw material of the public figures. */
export async function listLogFacts(
  db: Kysely<Database>,
  since: number,
): Promise<{ action: StatsLogAction; reason: string; created_at: number }[]> {
  const rows = await db
    .selectFrom('transparency_log')
    .select(['action', 'reason', 'created_at'])
    .where('created_at', '>=', since)
    .where('action', 'in', [...STATS_LOG_ACTIONS])
    .execute();
  return rows as { action: StatsLogAction; reason: string; created_at: number }[];
}
