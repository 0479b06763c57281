import { DEFAULT_REMOVAL_REASON, PAST_EVENT_REMOVAL_REASON } from '../../common/enums';
import { newId } from '../store/ids';
import type { EventRow } from '../store/schema';
import { type ModerationContext, transitionEvent } from './transition';

/**
 * Take down an approved event: status `removed` (the record stays, DESIGN.md), every open report
 * closed, and a log entry, all in one transaction. `pastEvent` is Remove Past Event: only for events
 * whose date has passed, with its own default reason.
 */
export async function removeEvent(
  ctx: ModerationContext,
  { eventId, reason, pastEvent = false }: { eventId: string; reason?: string; pastEvent?: boolean },
): Promise<EventRow> {
  const now = ctx.now ?? Date.now();
  const text = reason?.trim() || (pastEvent ? PAST_EVENT_REMOVAL_REASON : DEFAULT_REMOVAL_REASON);
  return ctx.db.transaction().execute(async (trx) => {
    const event = await transitionEvent(
      trx,
      pastEvent ? 'removePast' : 'remove',
      eventId,
      'approved',
      { status: 'removed', updated_at: now },
      now,
      pastEvent ? { startsBefore: now } : {},
    );
    await trx
      .updateTable('reports')
      .set({ status: 'closed', closed_at: now, closed_by: ctx.moderatorId })
      .where('event_id', '=', eventId)
      .where('status', '=', 'open')
      .execute();
    await trx
      .insertInto('transparency_log')
      .values({
        id: newId(),
        event_id: eventId,
        action: 'removed',
        reason: text,
        moderator_id: ctx.moderatorId,
        created_at: now,
      })
      .execute();
    return event;
  });
}
