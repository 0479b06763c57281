import type { Kysely } from 'kysely';
import type { Schedule } from '../../common/enums';
import { type Actor, isModerator } from '../auth/actor';
import { conflict, notFound } from '../errors';
import { notifySubmitter } from '../mail/notify';
import type { Outbox } from '../mail/outbox';
import { scheduleConflict } from '../policies/events';
import { requiredState } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import { getEventById } from '../store/events';
import type { Database, EventRow } from '../store/schema';
import { STALE_VERSION } from './editEvent';
import { EVENT_GONE } from './transition';

/** What a moderator's schedule change is called in the audit trail. */
const AUDIT_ACTION: Record<Schedule, string> = {
  scheduled: 'schedule_reinstated',
  cancelled: 'schedule_cancelled',
  postponed: 'schedule_postponed',
};

/**
 * Mark an approved event cancelled or postponed (or scheduled again) with an optional note, in one
 * transaction (docs/PRODUCT.md#cancelled-and-postponed): the event raises its SEQUENCE so subscribed
 * calendars replace their copy, and a moderator's change is written to the moderators' audit trail.
 * The same schedule and note again changes nothing.
 */
export async function changeSchedule(
  db: Kysely<Database>,
  actor: Actor,
  {
    eventId,
    schedule,
    note,
    version,
    now = Date.now(),
  }: {
    eventId: string;
    schedule: Schedule;
    note?: string | undefined;
    version?: number | undefined;
    now?: number;
  },
  outbox?: Outbox,
): Promise<EventRow> {
  const scheduleNote = schedule === 'scheduled' ? null : (note ?? null);
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('events')
      .set((eb) => ({
        schedule,
        schedule_note: scheduleNote,
        sequence: eb('sequence', '+', 1),
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', eventId)
      .where('status', '=', requiredState('changeSchedule').status)
      .where((eb) =>
        eb.or([eb('schedule', '!=', schedule), eb('schedule_note', 'is distinct from', scheduleNote)]),
      );
    if (version !== undefined) update = update.where('version', '=', version);
    const result = await update.executeTakeFirst();
    const event = await getEventById(trx, eventId);
    if (!event) throw notFound(EVENT_GONE);
    const problem = scheduleConflict(event);
    if (problem) throw problem;
    // Missed for its version, unless it asked for what the event already is.
    const unchanged = event.schedule === schedule && event.schedule_note === scheduleNote;
    if (Number(result.numUpdatedRows) === 0 && !unchanged) throw conflict('stale_version', STALE_VERSION);
    if (Number(result.numUpdatedRows) === 1 && isModerator(actor)) {
      await insertAuditEntry(trx, {
        eventId,
        action: AUDIT_ACTION[schedule],
        note: scheduleNote,
        moderatorId: actor.id,
        now,
      });
      // Its submitter hears of it when someone else called it off (docs/EMAIL.md).
      if (schedule !== 'scheduled' && actor.id !== event.created_by) {
        await notifySubmitter(trx, outbox, 'event_called_off', event, {
          schedule,
          ...(scheduleNote ? { reason: scheduleNote } : {}),
          // One date of a series: the email names it (the others are unchanged).
          ...(event.series_id ? { startsAt: event.starts_at, timezone: event.timezone } : {}),
        });
      }
    }
    return event;
  });
}
