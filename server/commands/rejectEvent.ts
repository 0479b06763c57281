import { REJECT_REASON_REQUIRED } from '../../common/schemas/moderation';
import { badRequest } from '../errors';
import { notifySubmitter } from '../mail/notify';
import { requiredState } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import { insertLogEntry } from '../store/log';
import type { EventRow } from '../store/schema';
import { alsoForSeries } from './alsoForSeries';
import { type ModerationContext, takeEvent } from './transition';

/** Reject a pending event with a reason, and log it in the same transaction (docs/PRODUCT.md#moderation). */
export async function rejectEvent(
  ctx: ModerationContext,
  { eventId, reason }: { eventId: string; reason: string },
): Promise<EventRow> {
  const text = reason.trim();
  if (!text) throw badRequest(REJECT_REASON_REQUIRED);
  const now = ctx.now ?? Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const event = await takeEvent(trx, 'reject', eventId, now, { status: 'rejected', updated_at: now });
    // A series is rejected once: every date waiting, with one log entry.
    await alsoForSeries(trx, event, requiredState('reject', now).status, {
      status: 'rejected',
      updated_at: now,
    });
    await insertLogEntry(trx, {
      eventId,
      action: 'rejected',
      reason: text,
      moderatorId: ctx.moderatorId,
      now,
    });
    await insertAuditEntry(trx, {
      eventId,
      action: 'rejected',
      note: text,
      moderatorId: ctx.moderatorId,
      now,
    });
    await notifySubmitter(trx, ctx.outbox, 'event_rejected', event, { reason: text });
    return event;
  });
}
