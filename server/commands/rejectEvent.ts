import { badRequest } from '../errors';
import { newId } from '../store/ids';
import type { EventRow } from '../store/schema';
import { type ModerationContext, transitionEvent } from './transition';

/** Reject a pending event with a reason, and log it in the same transaction (spec §4, §7). */
export async function rejectEvent(
  ctx: ModerationContext,
  { eventId, reason }: { eventId: string; reason: string },
): Promise<EventRow> {
  const text = reason.trim();
  if (!text) throw badRequest('A reason is required to reject an event');
  const now = ctx.now ?? Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const event = await transitionEvent(
      trx,
      'reject',
      eventId,
      'pending',
      { status: 'rejected', updated_at: now },
      now,
    );
    await trx
      .insertInto('transparency_log')
      .values({
        id: newId(),
        event_id: eventId,
        action: 'rejected',
        reason: text,
        moderator_id: ctx.moderatorId,
        created_at: now,
      })
      .execute();
    return event;
  });
}
