import { stateConflict } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import { closeOpenReports } from '../store/reports';
import { type ModerationContext, takeEvent } from './transition';

/**
 * Dismiss Report: close every open report of an approved event (a moderator judges the event, not one
 * report: docs/PRODUCT.md#reports). No log entry: nothing happened to the event. A later report opens
 * a new one. The event row is locked first, so a removal at the same moment happens wholly before or
 * after this.
 */
export async function dismissReports(
  ctx: ModerationContext,
  { eventId }: { eventId: string },
): Promise<number> {
  const now = ctx.now ?? Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const event = await takeEvent(trx, 'dismissReports', eventId, now);
    const closed = await closeOpenReports(trx, { eventId, moderatorId: ctx.moderatorId, now });
    const problem = stateConflict('dismissReports', event, closed, new Date(now));
    if (problem) throw problem;
    await insertAuditEntry(trx, { eventId, action: 'reports_dismissed', moderatorId: ctx.moderatorId, now });
    return closed;
  });
}
