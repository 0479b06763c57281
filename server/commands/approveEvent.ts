import { notifySubmitter } from '../mail/notify';
import { requiredState } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import type { EventRow } from '../store/schema';
import { alsoForSeries } from './alsoForSeries';
import { type ModerationContext, takeEvent } from './transition';

/**
 * Approve a pending event, verified or not (docs/PRODUCT.md#event-states). Approval writes no log
 * entry: the log records only rejections and removals. A series is approved once, every date at once.
 */
export async function approveEvent(
  ctx: ModerationContext,
  { eventId, verified }: { eventId: string; verified: boolean },
): Promise<EventRow> {
  const now = ctx.now ?? Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const changes = {
      status: 'approved',
      verified: verified ? 1 : 0,
      approved_at: now,
      updated_at: now,
    } as const;
    const event = await takeEvent(trx, 'approve', eventId, now, changes);
    const others = await alsoForSeries(trx, event, requiredState('approve', now).status, changes);
    await insertAuditEntry(trx, {
      eventId,
      action: verified ? 'approved_verified' : 'approved',
      moderatorId: ctx.moderatorId,
      now,
    });
    // A series' approval covers all its dates: the email says how many.
    await notifySubmitter(
      trx,
      ctx.outbox,
      'event_approved',
      event,
      event.series_id ? { dates: 1 + others } : {},
    );
    return event;
  });
}
