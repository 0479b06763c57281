import { msg } from '../../common/i18n/messages';
import { eventInputSchema, type ValidEventInput } from '../../common/schemas/events';
import { badRequest, conflict, notFound } from '../errors';
import { notifySubmitter } from '../mail/notify';
import { goesAheadOnNewStart } from '../policies/events';
import { requiredState } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import { eventColumnsOf, getEventById } from '../store/events';
import { changeImageOf, eventImageOf, forgetUnusedImages } from '../store/images';
import { pendingChangeOf } from '../store/ownership';
import type { EventRow } from '../store/schema';
import { changeScopeOf, seriesProposalIn } from '../store/series';
import { eventFieldsOf, STALE_VERSION, takeVersion } from './editEvent';
import { resolveEventImage } from './eventImage';
import { acceptSeriesRule, applyToLaterDates, fieldsFor } from './series';
import { assertDayFree } from './seriesDay';
import { EVENT_GONE, type ModerationContext } from './transition';

export const NO_CHANGE_WAITING = msg('moderation.noChangeWaiting');

/**
 * Accept or reject the change its submitter proposed to a published event (docs/PRODUCT.md#my-events),
 * based on the event's `version` as the moderator saw it: a newer proposal raised it, so a decision
 * is always about the change the moderator compared. One transaction: the event (on acceptance, its
 * fields, with a raised SEQUENCE for calendars), the change's state and the audit trail.
 */
export async function decideChange(
  ctx: ModerationContext,
  {
    eventId,
    version,
    accept,
    reason,
  }: { eventId: string; version: number; accept: boolean; reason?: string },
): Promise<EventRow> {
  const now = ctx.now ?? Date.now();
  const note = reason?.trim() ?? '';
  if (!accept && !note) throw badRequest(msg('moderation.rejectChangeReasonRequired'));
  return ctx.db.transaction().execute(async (trx) => {
    const before = await getEventById(trx, eventId);
    if (!before) throw notFound(EVENT_GONE);
    if (before.version !== version) throw conflict('stale_version', STALE_VERSION);
    const change = await pendingChangeOf(trx, eventId);
    if (!change || before.status !== requiredState('decideChange', now).status)
      throw conflict('no_change_waiting', NO_CHANGE_WAITING);
    // A date of a series: its series row first, as every edit of the whole series takes it before its
    // dates, so that two writers never wait on each other's rows (a deadlock on PostgreSQL).
    if (accept && before.series_id) {
      await trx.updateTable('series').set({ updated_at: now }).where('id', '=', before.series_id).execute();
    }
    // A change to a date of a series alone ("Propose changes" on its page) applies as proposed, to it
    // only: what the moderators compared is what happens (docs/PRODUCT.md#recurring-events).
    const forEveryDate = Boolean(before.series_id) && changeScopeOf(change.payload) === 'series';
    let changes: Partial<EventRow> = {};
    let input: ValidEventInput | undefined;
    if (accept) {
      // Validated when proposed; validated again, so a rule added since cannot be bypassed.
      input = eventInputSchema.parse(JSON.parse(change.payload));
      const image = await resolveEventImage(trx, null, input.image, eventImageOf(before), now);
      const fields = forEveryDate ? fieldsFor(input, before, image) : { ...eventFieldsOf(input), image };
      const moved = fields.startsAt !== before.starts_at || fields.endsAt !== before.ends_at;
      if (!forEveryDate && before.series_id && moved) await assertDayFree(trx, before, fields.startsAt);
      changes = {
        // Every date keeps its own date, and a moved one its own time; one date alone moves as proposed.
        ...eventColumnsOf(fields),
        ...goesAheadOnNewStart(before, fields.startsAt),
        ...(!forEveryDate && before.series_id && moved ? { series_moved: 1 } : {}),
        sequence: before.sequence + 1,
        updated_at: now,
      };
    }
    const event = await takeVersion(trx, eventId, version, changes);
    // A change proposed to a series applies to its later published dates too; one with a new rule
    // gives the series its new dates (added ones published, the ones it no longer gives withdrawn).
    const proposal = seriesProposalIn(change.payload);
    if (input && forEveryDate && proposal) await acceptSeriesRule(trx, event, input, proposal, now);
    else if (input && forEveryDate) await applyToLaterDates(trx, event, input, now);
    await trx
      .updateTable('event_changes')
      .set({
        status: accept ? 'accepted' : 'rejected',
        reason: accept ? null : note,
        decided_at: now,
        decided_by: ctx.moderatorId,
      })
      .where('id', '=', change.id)
      .execute();
    // The flyer replaced by an accepted change, or proposed by a rejected one, goes now.
    await forgetUnusedImages(trx, [before.image_id, changeImageOf(change.payload)?.id]);
    await insertAuditEntry(trx, {
      eventId,
      action: accept ? 'change_accepted' : 'change_rejected',
      moderatorId: ctx.moderatorId,
      note: accept ? null : note,
      now,
    });
    // A change to one date of a series names that date: where it was when its submitter proposed it.
    const date =
      before.series_id && !forEveryDate ? { startsAt: before.starts_at, timezone: before.timezone } : {};
    await notifySubmitter(
      trx,
      ctx.outbox,
      accept ? 'change_accepted' : 'change_rejected',
      event,
      accept ? date : { ...date, reason: note },
    );
    return event;
  });
}
