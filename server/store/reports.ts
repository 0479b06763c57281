import { type Kysely, sql, type Transaction } from 'kysely';
import type { ReportReason } from '../../common/moderationEnums';
import { newId } from './ids';
import type { Database, ReportRow } from './schema';

export interface NewReport {
  eventId: string;
  reportedBy: string;
  reason: ReportReason;
  createdAt?: number;
}

/**
 * Record a report unless this person already has an open one on this event; either way, return their
 * open report. The partial unique index (one open report per user per event) decides, so two requests
 * racing each other still leave one row: the loser's insert conflicts and does nothing.
 * Returns null when the event is no longer approved: the report and a removal cannot cross, because
 * the report first locks the approved event row (a no-op update) in its transaction, so a removal
 * either commits first (no report) or waits and then closes this report with the others.
 */
export async function openReport(
  db: Kysely<Database>,
  r: NewReport,
  /** Runs in the transaction that opened a new report (not for a repeat): its emails (docs/EMAIL.md). */
  onOpened?: (trx: Transaction<Database>, report: ReportRow) => Promise<void>,
): Promise<{ report: ReportRow; created: boolean } | null> {
  // Two rounds at most: a moderator may close the open report between our insert and our read.
  for (let attempt = 0; ; attempt++) {
    const outcome = await db.transaction().execute(async (trx) => {
      const stillApproved = await trx
        .updateTable('events')
        .set({ status: 'approved' })
        .where('id', '=', r.eventId)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      if (Number(stillApproved.numUpdatedRows) !== 1) return 'gone' as const;
      const inserted = await trx
        .insertInto('reports')
        .values({
          id: newId(),
          event_id: r.eventId,
          reported_by: r.reportedBy,
          reason: r.reason,
          status: 'open',
          created_at: r.createdAt ?? Date.now(),
          closed_at: null,
          closed_by: null,
        })
        .onConflict((oc) =>
          // A literal, not a parameter: SQLite matches the conflict target to the index by its exact text.
          oc.columns(['event_id', 'reported_by']).where('status', '=', sql.lit('open')).doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (inserted) {
        await onOpened?.(trx, inserted);
        return { report: inserted, created: true };
      }
      const existing = await trx
        .selectFrom('reports')
        .selectAll()
        .where('event_id', '=', r.eventId)
        .where('reported_by', '=', r.reportedBy)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return existing ? { report: existing, created: false } : undefined;
    });
    if (outcome === 'gone') return null;
    if (outcome) return outcome;
    if (attempt >= 1) throw new Error('Could not record the report');
  }
}

/**
 * Close every open report of an event, as the moderator who removed the event or dismissed its reports.
 * `only`: close just these of them (the ones a moderator read). Returns how many were closed.
 */
export async function closeOpenReports(
  db: Kysely<Database>,
  {
    eventId,
    moderatorId,
    now,
    only,
  }: { eventId: string; moderatorId: string; now: number; only?: readonly string[] },
): Promise<number> {
  if (only && only.length === 0) return 0;
  let update = db
    .updateTable('reports')
    .set({ status: 'closed', closed_at: now, closed_by: moderatorId })
    .where('event_id', '=', eventId)
    .where('status', '=', 'open');
  if (only) update = update.where('id', 'in', [...only]);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many reports of an event are open. */
export async function countOpenReports(db: Kysely<Database>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every report on one event, oldest first (tests read them; the dashboard lists open ones by page). */
export async function listReportsForEvent(db: Kysely<Database>, eventId: string): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
