import type { Kysely, Transaction } from 'kysely';
import { zonedDateTimeToInstant } from '../../common/dates';
import type { EventStatus } from '../../common/enums';
import { overAt } from '../../common/eventTime';
import { msg } from '../../common/i18n/messages';
import type { EventImage } from '../../common/images';
import { END_BEFORE_START, type ValidEventInput } from '../../common/schemas/events';
import type { RepeatRule } from '../../common/series';
import { type Actor, isModerator } from '../auth/actor';
import { badRequest, conflict, notFound } from '../errors';
import { notifyModerators } from '../mail/notify';
import type { Outbox } from '../mail/outbox';
import { insertAuditEntry } from '../store/audit';
import { type EventFields, eventColumnsOf, newEventRow } from '../store/events';
import { newId } from '../store/ids';
import { eventImageOf } from '../store/images';
import type { Database, EventRow, SeriesRow } from '../store/schema';
import { getSeriesById, occurrencesOf, ruleCopyOf, type SeriesRuleCopy } from '../store/series';
import { eventFieldsOf, NOT_EDITABLE, STALE_VERSION, takeVersion } from './editEvent';
import { resolveEventImage } from './eventImage';
import { EVENT_GONE } from './transition';

/** Recurring events (docs/PRODUCT.md#recurring-events): creating, editing, ending and moving dates. */

export const SERIES_NOT_FOUND = msg('series.notFound');
export const SERIES_NOT_EDITABLE = msg('series.notEditable');
export const SERIES_END_BEFORE_FIRST = msg('series.endBeforeFirst');
export const NOT_AN_OCCURRENCE = msg('series.notOccurrence');

const DAY_MS = 24 * 3600 * 1000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The form as it applies to one date of the series: that date, and an end date as far after it. */
export function occurrenceInput(input: ValidEventInput, date: string): ValidEventInput {
  const shift = dayNumber(date) - dayNumber(input.date);
  return { ...input, date, endDate: input.endDate === undefined ? undefined : addDays(input.endDate, shift) };
}

/** An occurrence's fields from the form; a moved one keeps its own start and end. */
function fieldsFor(
  input: ValidEventInput,
  row: Pick<EventRow, 'series_date' | 'series_moved' | 'starts_at' | 'ends_at'>,
  image: EventImage | null,
): EventFields {
  const fields = { ...eventFieldsOf(occurrenceInput(input, row.series_date ?? input.date)), image };
  return row.series_moved ? { ...fields, startsAt: row.starts_at, endsAt: row.ends_at } : fields;
}

/**
 * A new series, pending review, with every occurrence as a row (docs/PRODUCT.md#recurring-events),
 * written in the caller's transaction: the series row, then its dates in one INSERT. The moderators
 * who asked to hear of submissions get one email, for its first date.
 */
export async function createSeries(
  trx: Transaction<Database>,
  {
    input,
    rule,
    dates,
    createdBy,
    outbox,
    image = null,
    status = 'pending',
    now = Date.now(),
  }: {
    input: ValidEventInput;
    rule: RepeatRule;
    dates: string[];
    createdBy: string;
    outbox?: Outbox;
    /** Its flyer, resolved by the caller (commands/eventImage.ts): every date shows it. */
    image?: EventImage | null;
    /** 'approved' for a trusted organiser's series (published without review, docs/PRODUCT.md). */
    status?: 'pending' | 'approved';
    now?: number;
  },
): Promise<EventRow[]> {
  const first = dates[0];
  if (first === undefined) throw badRequest(SERIES_NOT_EDITABLE);
  const seriesId = newId();
  await trx
    .insertInto('series')
    .values({
      id: seriesId,
      created_by: createdBy,
      timezone: input.timezone,
      rule: JSON.stringify(rule),
      first_date: first,
      time: input.time,
      ended_after: null,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const copy: SeriesRuleCopy = { rule, first, total: dates.length };
  const rows: EventRow[] = dates.map((date, position) => ({
    ...newEventRow({
      ...eventFieldsOf(occurrenceInput(input, date)),
      createdBy,
      image,
      status,
      verified: false,
      createdAt: now,
    }),
    series_id: seriesId,
    series_position: position,
    series_date: date,
    series_rule: JSON.stringify(copy),
    series_moved: 0,
  }));
  await trx.insertInto('events').values(rows).execute();
  const lead = rows[0];
  if (lead && status === 'pending') {
    await notifyModerators(trx, outbox, 'new_submission', lead, { except: createdBy });
  }
  return rows;
}

/** The series, if it is still at `version` (a stale one is a 409), raised to the next version. */
async function takeSeries(
  trx: Transaction<Database>,
  seriesId: string,
  version: number,
  now: number,
  changes: Partial<SeriesRow> = {},
): Promise<SeriesRow> {
  const result = await trx
    .updateTable('series')
    .set((eb) => ({ ...changes, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', seriesId)
    .where('version', '=', version)
    .executeTakeFirst();
  const series = await getSeriesById(trx, seriesId);
  if (!series) throw notFound(SERIES_NOT_FOUND);
  if (Number(result.numUpdatedRows) !== 1) throw conflict('stale_version', STALE_VERSION);
  return series;
}

const LIVE: EventStatus[] = ['pending', 'approved', 'rejected'];

async function setSeriesTime(trx: Transaction<Database>, seriesId: string, time: string): Promise<void> {
  await trx.updateTable('series').set({ time }).where('id', '=', seriesId).execute();
}

/**
 * Apply the form to the published dates from `lead` on (an accepted proposed change of a series,
 * commands/decideChange.ts): each keeps its own date; a moved one its own time. Calendars pick the
 * change up by the raised SEQUENCE.
 */
export async function applyToLaterDates(
  trx: Transaction<Database>,
  lead: EventRow,
  input: ValidEventInput,
  now: number,
): Promise<void> {
  if (!lead.series_id) return;
  await setSeriesTime(trx, lead.series_id, input.time);
  const later = await trx
    .selectFrom('events')
    .selectAll()
    .where('series_id', '=', lead.series_id)
    .where('status', '=', 'approved')
    .where('series_position', '>', lead.series_position ?? 0)
    .execute();
  for (const row of later) {
    await trx
      .updateTable('events')
      .set((eb) => ({
        ...eventColumnsOf(fieldsFor(input, row, eventImageOf(lead))),
        sequence: eb('sequence', '+', 1),
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', row.id)
      .execute();
  }
}

export type SeriesEditOutcome = 'updated' | 'proposed';

/**
 * Edit the whole series with the submit form (docs/PRODUCT.md#recurring-events): every date still to
 * come gets the form's fields on its own date (a moved date keeps its time). A moderator's edit, and
 * the dates still waiting for review (or rejected, which go back for review), change in place; the
 * published dates get one proposed change, on the next of them, which a moderator accepts for all of
 * them (commands/decideChange.ts). Based on the series' `version`.
 */
export async function editSeries(
  db: Kysely<Database>,
  actor: Actor,
  {
    seriesId,
    input,
    version,
    outbox,
    now = Date.now(),
  }: { seriesId: string; input: ValidEventInput; version: number; outbox?: Outbox; now?: number },
): Promise<{ outcome: SeriesEditOutcome; events: EventRow[] }> {
  return db.transaction().execute(async (trx) => {
    await takeSeries(trx, seriesId, version, now);
    const rows = (await occurrencesOf(trx, seriesId)).filter(
      (r) => LIVE.includes(r.status) && r.over_at > now,
    );
    if (rows.length === 0) throw conflict('not_editable', SERIES_NOT_EDITABLE);
    const moderator = isModerator(actor);
    const published = rows.filter((r) => r.status === 'approved');
    // The rule's time of day follows the dates, once they change (a proposal: when it is accepted).
    if (moderator || published.length === 0) await setSeriesTime(trx, seriesId, input.time);
    // The flyer the form keeps or chooses, for every date changed in place (a proposal resolves its own
    // when it is accepted, commands/decideChange.ts).
    const image = await resolveEventImage(
      trx,
      actor,
      input.image,
      eventImageOf(rows[0] ?? { image: null }),
      now,
    );
    let resubmitted: EventRow | undefined;
    for (const row of rows) {
      if (row.status === 'approved' && !moderator) continue;
      const resubmit = row.status === 'rejected' && !moderator;
      await trx
        .updateTable('events')
        .set((eb) => ({
          ...eventColumnsOf(fieldsFor(input, row, image)),
          ...(row.status === 'approved' ? { sequence: eb('sequence', '+', 1) } : {}),
          ...(resubmit ? { status: 'pending' as const, created_at: now } : {}),
          version: eb('version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', row.id)
        .execute();
      if (resubmit && !resubmitted) resubmitted = row;
    }
    const lead = published[0];
    if (moderator) {
      const first = rows[0];
      if (first)
        await insertAuditEntry(trx, {
          eventId: first.id,
          action: 'series_edited',
          moderatorId: actor.id,
          now,
        });
    } else if (lead) {
      await trx
        .updateTable('event_changes')
        .set({ status: 'superseded', decided_at: now })
        .where(
          'event_id',
          'in',
          published.map((r) => r.id),
        )
        .where('status', '=', 'pending')
        .execute();
      const taken = await takeVersion(trx, lead.id, lead.version, {});
      await trx
        .insertInto('event_changes')
        .values({
          id: newId(),
          event_id: lead.id,
          proposed_by: actor.id,
          payload: JSON.stringify(occurrenceInput(input, lead.series_date ?? input.date)),
          base_version: taken.version,
          status: 'pending',
          reason: null,
          created_at: now,
          decided_at: null,
          decided_by: null,
        })
        .execute();
    }
    if (resubmitted) {
      const again = await trx
        .selectFrom('events')
        .selectAll()
        .where('id', '=', resubmitted.id)
        .executeTakeFirst();
      if (again) await notifyModerators(trx, outbox, 'new_submission', again, { except: actor.id });
    }
    const events = await occurrencesOf(trx, seriesId);
    return { outcome: !moderator && lead ? 'proposed' : 'updated', events };
  });
}

/**
 * End a series after `lastDate` (docs/PRODUCT.md#recurring-events): its later dates are withdrawn
 * (they leave every list; their pages answer as a withdrawn event does), the rule ends on that date
 * (UNTIL in its calendar file) and every date it keeps says how many there are now.
 */
export async function endSeries(
  db: Kysely<Database>,
  actor: Actor,
  {
    seriesId,
    lastDate,
    version,
    now = Date.now(),
  }: { seriesId: string; lastDate: string; version: number; now?: number },
): Promise<EventRow[]> {
  return db.transaction().execute(async (trx) => {
    const before = await getSeriesById(trx, seriesId);
    if (!before) throw notFound(SERIES_NOT_FOUND);
    if (lastDate < before.first_date) throw badRequest(SERIES_END_BEFORE_FIRST);
    const rule = { ...(JSON.parse(before.rule) as RepeatRule), until: lastDate };
    delete rule.count;
    await takeSeries(trx, seriesId, version, now, { ended_after: lastDate, rule: JSON.stringify(rule) });
    const rows = await occurrencesOf(trx, seriesId);
    const dropped = rows.filter((r) => (r.series_date ?? '') > lastDate && LIVE.includes(r.status));
    if (dropped.length > 0) {
      await trx
        .updateTable('events')
        .set((eb) => ({
          status: 'withdrawn' as const,
          sequence: eb('sequence', '+', 1),
          version: eb('version', '+', 1),
          updated_at: now,
        }))
        .where(
          'id',
          'in',
          dropped.map((r) => r.id),
        )
        .execute();
    }
    const kept = rows.filter((r) => (r.series_date ?? '') <= lastDate);
    const copy = ruleCopyOf(rows[0] ?? { series_rule: null });
    const first = copy?.first ?? before.first_date;
    await trx
      .updateTable('events')
      .set({ series_rule: JSON.stringify({ rule, first, total: kept.length } satisfies SeriesRuleCopy) })
      .where('series_id', '=', seriesId)
      .execute();
    if (isModerator(actor) && actor.id !== before.created_by) {
      const lead = rows[0];
      if (lead)
        await insertAuditEntry(trx, {
          eventId: lead.id,
          action: 'series_ended',
          note: lastDate,
          moderatorId: actor.id,
          now,
        });
    }
    return occurrencesOf(trx, seriesId);
  });
}

/**
 * Change one date's time (and day) (docs/PRODUCT.md#recurring-events): that occurrence moves, is
 * marked moved (its calendar entry becomes an override of the rule's date, RECURRENCE-ID), and raises
 * its SEQUENCE. Its place in the series stays the date the rule gave it.
 */
export async function moveOccurrence(
  db: Kysely<Database>,
  actor: Actor,
  {
    eventId,
    date,
    time,
    endTime,
    version,
    now = Date.now(),
  }: {
    eventId: string;
    date: string;
    time: string;
    endTime?: string | undefined;
    version: number;
    now?: number;
  },
): Promise<EventRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
    if (!row) throw notFound(EVENT_GONE);
    if (!row.series_id) throw conflict('not_an_occurrence', NOT_AN_OCCURRENCE);
    if (row.status !== 'pending' && row.status !== 'approved') throw conflict('not_editable', NOT_EDITABLE);
    const startsAt = zonedDateTimeToInstant(date, time, row.timezone).getTime();
    let endsAt: number | null = null;
    if (endTime !== undefined) {
      endsAt = zonedDateTimeToInstant(date, endTime, row.timezone).getTime();
      if (endsAt <= startsAt) throw badRequest(END_BEFORE_START, { endTime: END_BEFORE_START });
    }
    const moved = await takeVersion(trx, eventId, version, {
      starts_at: startsAt,
      ends_at: endsAt,
      over_at: overAt(startsAt, endsAt),
      series_moved: 1,
      sequence: row.sequence + 1,
      updated_at: now,
    });
    if (isModerator(actor) && actor.id !== row.created_by) {
      await insertAuditEntry(trx, {
        eventId,
        action: 'date_moved',
        note: `${date} ${time}`,
        moderatorId: actor.id,
        now,
      });
    }
    return moved;
  });
}
