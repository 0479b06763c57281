import { DEFAULT_REMOVAL_REASON, PAST_EVENT_REMOVAL_REASON } from '../../common/moderationEnums';
import { notifySubmitter } from '../mail/notify';
import { insertAuditEntry } from '../store/audit';
import { insertLogEntry } from '../store/log';
import { closeOpenReports } from '../store/reports';
import type { EventRow } from '../store/schema';
import { type ModerationContext, takeEvent } from './transition';

/**
 * Take down an approved event: status `removed` (the record stays, docs/PRODUCT.md#departures), every
 * open report closed, and a log entry, all in one transaction. `pastEvent` is Remove Past Event: only
 * for events whose date has passed, with its own default reason.
 */
export async function removeEvent(
  ctx: ModerationContext,
  { eventId, reason, pastEvent = false }: { eventId: string; reason?: string; pastEvent?: boolean },
): Promise<EventRow> {
  const now = ctx.now ?? Date.now();
  const text = reason?.trim() || (pastEvent ? PAST_EVENT_REMOVAL_REASON : DEFAULT_REMOVAL_REASON);
  const { moderatorId } = ctx;
  return ctx.db.transaction().execute(async (trx) => {
    const event = await takeEvent(trx, pastEvent ? 'removePast' : 'remove', eventId, now, {
      status: 'removed',
      updated_at: now,
    });
    await closeOpenReports(trx, { eventId, moderatorId, now });
    await insertLogEntry(trx, { eventId, action: 'removed', reason: text, moderatorId, now });
    await insertAuditEntry(trx, { eventId, action: 'removed', note: text, moderatorId, now });
    await notifySubmitter(trx, ctx.outbox, 'event_removed', event, { reason: text });
    return event;
  });
}
