import { DEFAULT_REMOVAL_REASON } from '../../common/moderationEnums';
import { conflict, notFound } from '../errors';
import { notifySubmitter } from '../mail/notify';
import { insertAuditEntry } from '../store/audit';
import { insertLogEntry } from '../store/log';
import { closeOpenReports } from '../store/reports';
import type { EventRow } from '../store/schema';
import { getSeriesById } from '../store/series';
import { SERIES_NOT_EDITABLE, SERIES_NOT_FOUND } from './series';
import type { ModerationContext } from './transition';

/**
 * Take down every published date of a series at once (docs/PRODUCT.md#recurring-events): each
 * `removed` with its open reports closed, and one log and audit entry, on its first published date, in
 * one transaction. (Remove on one date removes that date alone.)
 */
export async function removeSeries(
  ctx: ModerationContext,
  { seriesId, reason }: { seriesId: string; reason?: string | undefined },
): Promise<EventRow[]> {
  const now = ctx.now ?? Date.now();
  const text = reason?.trim() || DEFAULT_REMOVAL_REASON;
  const { moderatorId } = ctx;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await getSeriesById(trx, seriesId))) throw notFound(SERIES_NOT_FOUND);
    const published = await trx
      .selectFrom('events')
      .selectAll()
      .where('series_id', '=', seriesId)
      .where('status', '=', 'approved')
      .orderBy('series_position')
      .execute();
    const lead = published[0];
    if (!lead) throw conflict('not_published', SERIES_NOT_EDITABLE);
    // Only dates still published: of two moderators at once, one removes them, the other finds none.
    const result = await trx
      .updateTable('events')
      .set((eb) => ({ status: 'removed', updated_at: now, version: eb('version', '+', 1) }))
      .where(
        'id',
        'in',
        published.map((row) => row.id),
      )
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== published.length)
      throw conflict('not_published', SERIES_NOT_EDITABLE);
    for (const row of published) await closeOpenReports(trx, { eventId: row.id, moderatorId, now });
    await insertLogEntry(trx, { eventId: lead.id, action: 'removed', reason: text, moderatorId, now });
    await insertAuditEntry(trx, { eventId: lead.id, action: 'removed', note: text, moderatorId, now });
    const removed = { ...lead, status: 'removed' as const };
    await notifySubmitter(trx, ctx.outbox, 'event_removed', removed, { reason: text });
    return published.map((row) => ({ ...row, status: 'removed' as const, version: row.version + 1 }));
  });
}
