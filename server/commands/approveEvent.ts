import type { EventRow } from '../store/schema';
import { type ModerationContext, transitionEvent } from './transition';

/**
 * Approve a pending event, verified or not (spec §4). Approval writes no log entry: the log records
 * only rejections and removals.
 */
export async function approveEvent(
  ctx: ModerationContext,
  { eventId, verified }: { eventId: string; verified: boolean },
): Promise<EventRow> {
  const now = ctx.now ?? Date.now();
  return ctx.db
    .transaction()
    .execute((trx) =>
      transitionEvent(
        trx,
        'approve',
        eventId,
        'pending',
        { status: 'approved', verified: verified ? 1 : 0, approved_at: now, updated_at: now },
        now,
      ),
    );
}
