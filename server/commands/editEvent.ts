import type { Kysely, Transaction } from 'kysely';
import { msg } from '../../common/i18n/messages';
import { submissionInstants, type ValidEventInput } from '../../common/schemas/events';
import { INVALID_DATE } from '../../common/schemas/fields';
import { type Actor, isModerator } from '../auth/actor';
import { conflict, invalidField, notFound } from '../errors';
import { notifyModerators } from '../mail/notify';
import type { Outbox } from '../mail/outbox';
import { goesAheadOnNewStart } from '../policies/events';
import { insertAuditEntry } from '../store/audit';
import { type EventFields, eventColumnsOf, getEventById } from '../store/events';
import { newId } from '../store/ids';
import { eventImageOf, forgetUnusedImages } from '../store/images';
import { pendingChangeOf } from '../store/ownership';
import type { Database, EventRow } from '../store/schema';
import { changeScopeOf, waitingChangesOf } from '../store/series';
import { alsoForSeries } from './alsoForSeries';
import { resolveEventImage } from './eventImage';
import { assertDayFree } from './seriesDay';
import { EVENT_GONE } from './transition';

export const STALE_VERSION = msg('event.stale');
export const NOT_EDITABLE = msg('event.notEditable');
export const NOT_WITHDRAWABLE = msg('event.notWithdrawable');
export const SERIES_CHANGE_WAITING = msg('series.changeWaiting');
export const DECIDE_CHANGE_FIRST = msg('event.decideChangeFirst');

/**
 * A moderator's edit while its submitter's proposed change waits for review (on this event, or for
 * every date of its series): refused, for saving it would either throw the change away unseen or be
 * undone by it when accepted. The moderator accepts or rejects it first.
 */
export async function assertNoChangeWaiting(
  trx: Transaction<Database>,
  event: Pick<EventRow, 'id' | 'series_id'>,
  wholeSeries = false,
): Promise<void> {
  const waits = event.series_id
    ? (await waitingChangesOf(trx, event.series_id)).some(
        (change) => wholeSeries || change.event_id === event.id || changeScopeOf(change.payload) === 'series',
      )
    : (await pendingChangeOf(trx, event.id)) !== undefined;
  if (waits) throw conflict('decide_change_first', DECIDE_CHANGE_FIRST);
}

/** What an edit did (docs/PRODUCT.md#my-events). */
export type EditOutcome = 'updated' | 'resubmitted' | 'proposed';

/** The event's fields from a validated form; a 400 on the date when its instants do not exist. */
export function eventFieldsOf(input: ValidEventInput): EventFields {
  const instants = submissionInstants(input);
  if (!instants) throw invalidField('date', INVALID_DATE);
  return {
    title: input.title,
    description: input.description,
    ...instants,
    timezone: input.timezone,
    city: input.city,
    country: input.country,
    attendance: input.attendance,
    venue: input.venue,
    address: input.address,
    joinUrl: input.joinUrl,
    placeVisibility: input.placeVisibility,
    placeHoursBefore: input.placeHoursBefore,
    accessibility: input.accessibility,
    type: input.type,
    sourceLink: input.sourceLink,
    organizer: input.organizer,
  };
}

/**
 * Raise the event's version if it is still `version` (and, when given, in `status`): the write's lock.
 * Of two writes based on the same version exactly one gets the row (the other waits for it on
 * PostgreSQL, then finds the version moved); the loser is told why in a 409 and its transaction rolls
 * back, so nothing of it is written.
 */
export async function takeVersion(
  trx: Transaction<Database>,
  eventId: string,
  version: number,
  changes: Partial<EventRow>,
): Promise<EventRow> {
  const result = await trx
    .updateTable('events')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', eventId)
    .where('version', '=', version)
    .executeTakeFirst();
  const current = await getEventById(trx, eventId);
  if (!current) throw notFound(EVENT_GONE);
  if (Number(result.numUpdatedRows) !== 1) throw conflict('stale_version', STALE_VERSION);
  return current;
}

/**
 * Edit an event with the submit form (docs/PRODUCT.md#my-events). The caller checked that `actor` is
 * its submitter or a moderator. A moderator's edit applies at once and is audited (their own events
 * too). The submitter's:
 * a pending event is edited in place and stays pending; a rejected one is edited and goes back for
 * review (resubmitted); a published one gets a proposed change, and the published version stays
 * live until a moderator accepts it (a newer proposal replaces a waiting one). Removed and withdrawn
 * events are not edited. All in one transaction, based on `version` (a stale one is a 409).
 */
export async function editEvent(
  db: Kysely<Database>,
  actor: Actor,
  {
    eventId,
    input,
    version,
    outbox,
    now = Date.now(),
  }: { eventId: string; input: ValidEventInput; version: number; outbox?: Outbox; now?: number },
): Promise<{ event: EventRow; outcome: EditOutcome }> {
  const fields = eventFieldsOf(input);
  return db.transaction().execute(async (trx) => {
    const before = await getEventById(trx, eventId);
    if (!before) throw notFound(EVENT_GONE);
    if (before.version !== version) throw conflict('stale_version', STALE_VERSION);
    if (before.status === 'removed' || before.status === 'withdrawn') {
      throw conflict('not_editable', NOT_EDITABLE);
    }
    // Checked for a proposed change too: a change names only the submitter's own upload.
    const image = await resolveEventImage(trx, actor, input.image, eventImageOf(before), now);
    const columns = {
      ...eventColumnsOf({ ...fields, image }),
      ...goesAheadOnNewStart(before, fields.startsAt),
      updated_at: now,
    };
    // A date of a series edited alone is that date only (docs/PRODUCT.md#recurring-events): moved to
    // another start, it is marked moved, and never onto the day of another of its dates.
    const moved = fields.startsAt !== before.starts_at || fields.endsAt !== before.ends_at;
    if (before.series_id && moved) {
      await assertDayFree(trx, before, fields.startsAt);
      Object.assign(columns, { series_moved: 1 });
    }

    if (isModerator(actor)) {
      if (before.status === 'approved') await assertNoChangeWaiting(trx, before);
      // Calendars that hold a published event pick the change up by its raised SEQUENCE.
      const sequence = before.status === 'approved' ? before.sequence + 1 : before.sequence;
      const event = await takeVersion(trx, eventId, version, { ...columns, sequence });
      await supersedeChanges(trx, eventId, now);
      await forgetUnusedImages(trx, [before.image_id]);
      await insertAuditEntry(trx, { eventId, action: 'edited', moderatorId: actor.id, now });
      return { event, outcome: 'updated' };
    }

    if (before.status === 'approved') {
      // One change waits per series: one to every date, or ones to single dates, never both, for each
      // would undo the other's fields on the dates they share when accepted.
      if (before.series_id) {
        const waiting = await waitingChangesOf(trx, before.series_id);
        if (waiting.some((change) => changeScopeOf(change.payload) === 'series')) {
          throw conflict('series_change_waiting', SERIES_CHANGE_WAITING);
        }
      }
      const event = await takeVersion(trx, eventId, version, {});
      await supersedeChanges(trx, eventId, now);
      await trx
        .insertInto('event_changes')
        .values({
          id: newId(),
          event_id: eventId,
          proposed_by: actor.id,
          // The flyer as resolved (with its hash and size), so the comparison can show it; a date of a
          // series says the change is for it alone (commands/decideChange.ts).
          payload: JSON.stringify({
            ...input,
            image: image ?? undefined,
            ...(before.series_id ? { scope: 'date' } : {}),
          }),
          base_version: event.version,
          status: 'pending',
          reason: null,
          created_at: now,
          decided_at: null,
          decided_by: null,
        })
        .execute();
      return { event, outcome: 'proposed' };
    }

    const resubmit = before.status === 'rejected';
    const event = await takeVersion(trx, eventId, version, {
      ...columns,
      ...(resubmit ? { status: 'pending' as const, created_at: now } : {}),
    });
    // A flyer replaced or dropped goes now (docs/PRODUCT.md#flyers).
    await forgetUnusedImages(trx, [before.image_id]);
    if (resubmit) await notifyModerators(trx, outbox, 'new_submission', event, { except: actor.id });
    return { event, outcome: resubmit ? 'resubmitted' : 'updated' };
  });
}

/** A waiting proposed change that a newer edit replaces. */
async function supersedeChanges(trx: Transaction<Database>, eventId: string, now: number): Promise<void> {
  await trx
    .updateTable('event_changes')
    .set({ status: 'superseded', decided_at: now })
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Take back an event before review (docs/PRODUCT.md#my-events): pending → withdrawn. It leaves every
 * list but its submitter's; it cannot come back (a copy can).
 */
export async function withdrawEvent(
  db: Kysely<Database>,
  actor: Actor,
  { eventId, version, now = Date.now() }: { eventId: string; version: number; now?: number },
): Promise<EventRow> {
  return db.transaction().execute(async (trx) => {
    const before = await getEventById(trx, eventId);
    if (!before) throw notFound(EVENT_GONE);
    if (before.version !== version) throw conflict('stale_version', STALE_VERSION);
    if (before.status !== 'pending') throw conflict('not_pending', NOT_WITHDRAWABLE);
    const event = await takeVersion(trx, eventId, version, { status: 'withdrawn', updated_at: now });
    // A series waiting for review is taken back whole (docs/PRODUCT.md#recurring-events).
    await alsoForSeries(trx, event, 'pending', { status: 'withdrawn', updated_at: now });
    if (isModerator(actor) && actor.id !== before.created_by) {
      await insertAuditEntry(trx, { eventId, action: 'withdrawn', moderatorId: actor.id, now });
    }
    return event;
  });
}
