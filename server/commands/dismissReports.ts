import { conflict, notFound } from '../errors';
import { NO_OPEN_REPORTS } from '../policies/moderation';
import { EVENT_GONE, type ModerationContext } from './transition';

/**
 * Dismiss Report: close every open report of the event (DESIGN.md: a moderator judges the event, not
 * one report). No log entry: nothing happened to the event. A later report opens a new one.
 */
export async function dismissReports(
  ctx: ModerationContext,
  { eventId }: { eventId: string },
): Promise<number> {
  const now = ctx.now ?? Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const event = await trx.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
    if (!event) throw notFound(EVENT_GONE);
    const result = await trx
      .updateTable('reports')
      .set({ status: 'closed', closed_at: now, closed_by: ctx.moderatorId })
      .where('event_id', '=', eventId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    const closed = Number(result.numUpdatedRows);
    if (closed === 0) throw conflict('no_open_reports', NO_OPEN_REPORTS);
    return closed;
  });
}
