import { conflict } from '../errors';
import { REPORTS_CHANGED, stateConflict } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import { closeOpenReports, countOpenReports } from '../store/reports';
import { type ModerationContext, takeEvent } from './transition';

/**
 * Dismiss Report: close every open report of an approved event (a moderator judges the event, not one
 * report: docs/PRODUCT.md#reports). No log entry: nothing happened to the event. A later report opens
 * a new one. The event row is locked first, so a removal at the same moment happens wholly before or
 * after this.
 *
 * `reportIds` are the reports the moderator read. A report that came in while they read is not among
 * them: then nothing is closed (409 `reports_changed`), and the queue shows it for them to judge with
 * the others. Only the named reports are closed, so one committed during this transaction stays open.
 */
export async function dismissReports(
  ctx: ModerationContext,
  { eventId, reportIds }: { eventId: string; reportIds?: readonly string[] },
): Promise<number> {
  const now = ctx.now ?? Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const event = await takeEvent(trx, 'dismissReports', eventId, now);
    const closed = await closeOpenReports(trx, {
      eventId,
      moderatorId: ctx.moderatorId,
      now,
      only: reportIds,
    });
    // One left open came in after those read (even when another moderator closed those meanwhile).
    if (reportIds && (await countOpenReports(trx, eventId)) > 0) {
      throw conflict('reports_changed', REPORTS_CHANGED);
    }
    const problem = stateConflict('dismissReports', event, closed, new Date(now));
    if (problem) throw problem;
    await insertAuditEntry(trx, { eventId, action: 'reports_dismissed', moderatorId: ctx.moderatorId, now });
    return closed;
  });
}
