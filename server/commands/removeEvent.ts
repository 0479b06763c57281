import { DEFAULT_REMOVAL_REASON, PAST_EVENT_REMOVAL_REASON } from '../../common/moderationEnums';
import { conflict } from '../errors';
import { notifySubmitter } from '../mail/notify';
import { NO_OPEN_REPORTS } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import { insertLogEntry } from '../store/log';
import { closeOpenReports } from '../store/reports';
import type { EventRow } from '../store/schema';
import { type ModerationContext, takeEvent } from './transition';

/**
 * Take down an approved event: status `removed` (the record stays, docs/PRODUCT.md#departures), every
 * open report closed, and a log entry, all in one transaction. `pastEvent` is Remove Past Event: only
 * for events whose date has passed, with its own default reason.
 *
 * The reports' standard reason ("Event removed due to reports", also what no reason means) says the
 * event was reported: with no report open (another moderator dismissed them a moment before, from a
 * list that still showed them) nothing is changed and the moderator is told so, rather than the log
 * giving its submitter a reason that is not true. A reason of the moderator's own needs no report.
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
    const closed = await closeOpenReports(trx, { eventId, moderatorId, now });
    if (closed === 0 && text === DEFAULT_REMOVAL_REASON) throw conflict('no_open_reports', NO_OPEN_REPORTS);
    await insertLogEntry(trx, { eventId, action: 'removed', reason: text, moderatorId, now });
    await insertAuditEntry(trx, { eventId, action: 'removed', note: text, moderatorId, now });
    await notifySubmitter(trx, ctx.outbox, 'event_removed', event, { reason: text });
    return event;
  });
}
