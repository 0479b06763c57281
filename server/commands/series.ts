import type { Kysely, Transaction } from 'kysely';
import { zonedDateTimeToInstant } from '../../common/dates';
import type { EventStatus } from '../../common/enums';
import { overAt } from '../../common/eventTime';
import { msg } from '../../common/i18n/messages';
import type { EventImage } from '../../common/images';
import { END_BEFORE_START, type ValidEventInput } from '../../common/schemas/events';
import { repeatRuleSchema } from '../../common/schemas/series';
import type { RepeatRule } from '../../common/series';
import { type Actor, isModerator } from '../auth/actor';
import { badRequest, conflict, notFound } from '../errors';
import { notifyModerators } from '../mail/notify';
import type { Outbox } from '../mail/outbox';
import { goesAheadOnNewStart } from '../policies/events';
import { seriesDates } from '../series/rule';
import { insertAuditEntry } from '../store/audit';
import { type EventFields, eventColumnsOf, newEventRow } from '../store/events';
import { newId } from '../store/ids';
import { eventImageOf } from '../store/images';
import { pendingChangeOf } from '../store/ownership';
import type { Database, EventRow, SeriesRow } from '../store/schema';
import {
  type ChangeScope,
  changeScopeOf,
  getSeriesById,
  occurrencesOf,
  ruleCopyOf,
  type SeriesProposal,
  type SeriesRuleCopy,
  waitingChangesOf,
} from '../store/series';
import {
  assertNoChangeWaiting,
  DECIDE_CHANGE_FIRST,
  eventFieldsOf,
  NOT_EDITABLE,
  STALE_VERSION,
  takeVersion,
} from './editEvent';
import { resolveEventImage } from './eventImage';
import { assertDayFree } from './seriesDay';
import { EVENT_GONE } from './transition';

/** Recurring events (docs/PRODUCT.md#recurring-events): creating, editing, ending and moving dates. */

export const SERIES_NOT_FOUND = msg('series.notFound');
export const SERIES_NOT_EDITABLE = msg('series.notEditable');
export const SERIES_END_BEFORE_FIRST = msg('series.endBeforeFirst');
export const NOT_AN_OCCURRENCE = msg('series.notOccurrence');
export const DATE_CHANGE_WAITING = msg('series.dateChangeWaiting');
export const MOVE_CHANGE_WAITING = msg('series.moveChangeWaiting');

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
export function fieldsFor(
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

/** Dates of a series that will not happen: withdrawn, leaving every list (calendars see the raised SEQUENCE). */
async function withdrawDates(trx: Transaction<Database>, rows: Pick<EventRow, 'id'>[], now: number) {
  if (rows.length === 0) return;
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
      rows.map((r) => r.id),
    )
    .execute();
}

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

/**
 * A new rule for the whole series (docs/PRODUCT.md#recurring-events, "Edit every date" with its Repeats
 * section): the rule, the first date it starts from (the form's date) and the dates it gives
 * (server/series/rule.ts: checked for the limits of a new series before anything is written).
 */
export interface SeriesRuleEdit {
  rule: RepeatRule;
  from: string;
  dates: string[];
}

/** What a rule change did to the dates still to come: the local dates it added and withdrew. */
export interface SeriesDateChanges {
  added: string[];
  removed: string[];
}

/** Whether `edit` gives the series another rule or other dates than the ones it has. */
export function changesRule(series: SeriesRow, edit: SeriesRuleEdit): boolean {
  return JSON.stringify(edit.rule) !== series.rule || edit.dates[0] !== series.first_date;
}

/** Whether a date of the series, as the form would make it, is still to come (not over at `now`). */
function isToCome(input: ValidEventInput, date: string, now: number): boolean {
  const fields = eventFieldsOf(occurrenceInput(input, date));
  return overAt(fields.startsAt, fields.endsAt) > now;
}

/**
 * What a new rule would change among the dates still to come: the dates it gives that no date to come
 * has (added), and the dates to come it no longer gives (removed). Dates already over never change.
 */
export function dateChangesOf(
  rows: EventRow[],
  input: ValidEventInput,
  edit: SeriesRuleEdit,
  now: number,
): SeriesDateChanges & { total: number } {
  const wanted = new Set(edit.dates.filter((date) => isToCome(input, date, now)));
  const rowOf = new Map(rows.map((r) => [r.series_date ?? '', r]));
  const added = [...wanted].filter((date) => {
    const row = rowOf.get(date);
    return row === undefined || row.status === 'withdrawn';
  });
  const removed = rows
    .filter((r) => LIVE.includes(r.status) && r.over_at > now && !wanted.has(r.series_date ?? ''))
    .map((r) => r.series_date ?? '');
  const total = rows.filter((r) => r.status !== 'withdrawn').length - removed.length + added.length;
  return { added, removed, total };
}

/**
 * Give the series a new rule (in the caller's transaction): every date to come that it no longer gives
 * is withdrawn (it leaves every list), every date it gives that the series lacks gets a row (or its
 * withdrawn row back) in `status`, with the form's fields; the dates it keeps keep their own state (a
 * cancelled or moved date stays so) and dates already over never change. Then the dates are numbered
 * again in order (the first date kept is the one My events and the queue show), and every date's copy
 * of the rule, the series' rule, first date, time and zone follow. The caller updates the fields of the
 * dates kept.
 */
export async function applyRule(
  trx: Transaction<Database>,
  series: SeriesRow,
  {
    input,
    edit,
    status,
    image,
    now,
  }: {
    input: ValidEventInput;
    edit: SeriesRuleEdit;
    status: 'pending' | 'approved';
    image: EventImage | null;
    now: number;
  },
): Promise<SeriesDateChanges> {
  const rows = await occurrencesOf(trx, series.id);
  const { added: addedDates, removed } = dateChangesOf(rows, input, edit, now);
  const dropped = rows.filter(
    (r) => LIVE.includes(r.status) && r.over_at > now && removed.includes(r.series_date ?? ''),
  );
  await withdrawDates(trx, dropped, now);
  const lead = rows.find((r) => r.status === 'approved') ?? rows[0];
  const added: EventRow[] = [];
  for (const date of addedDates) {
    const fields = { ...eventFieldsOf(occurrenceInput(input, date)), image };
    const withdrawn = rows.find((r) => r.series_date === date && r.status === 'withdrawn');
    if (withdrawn) {
      // A date the series had and gave up (ended early, an earlier rule) comes back as it is now.
      await trx
        .updateTable('events')
        .set((eb) => ({
          ...eventColumnsOf(fields),
          status,
          approved_at: status === 'approved' ? now : withdrawn.approved_at,
          series_moved: 0,
          sequence: eb('sequence', '+', 1),
          version: eb('version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', withdrawn.id)
        .execute();
      continue;
    }
    added.push({
      ...newEventRow({
        ...fields,
        createdBy: series.created_by,
        status,
        verified: lead?.verified === 1,
        createdAt: now,
      }),
      series_id: series.id,
      series_position: rows.length + added.length,
      series_date: date,
      series_rule: null,
      series_moved: 0,
    });
  }
  if (added.length > 0) await trx.insertInto('events').values(added).execute();

  // Numbered again by date: the dates of the series first, the withdrawn ones after them.
  const all = await occurrencesOf(trx, series.id);
  const byDate = (a: EventRow, b: EventRow) => (a.series_date ?? '').localeCompare(b.series_date ?? '');
  const kept = all.filter((r) => r.status !== 'withdrawn').sort(byDate);
  const ordered = [...kept, ...all.filter((r) => r.status === 'withdrawn').sort(byDate)];
  const first = edit.dates[0] ?? series.first_date;
  const copy = JSON.stringify({ rule: edit.rule, first, total: kept.length } satisfies SeriesRuleCopy);
  for (const [position, row] of ordered.entries()) {
    await trx
      .updateTable('events')
      .set({ series_position: position, series_rule: copy })
      .where('id', '=', row.id)
      .execute();
  }
  await trx
    .updateTable('series')
    .set({
      rule: JSON.stringify(edit.rule),
      first_date: first,
      time: input.time,
      timezone: input.timezone,
      ended_after: null,
    })
    .where('id', '=', series.id)
    .execute();
  return { added: addedDates, removed };
}

export type SeriesEditOutcome = 'updated' | 'proposed';

/**
 * Edit the whole series with the submit form (docs/PRODUCT.md#recurring-events): every date still to
 * come gets the form's fields on its own date (a moved date keeps its time). A moderator's edit, and
 * the dates still waiting for review (or rejected, which go back for review), change in place; the
 * published dates get one proposed change, on the next of them, which a moderator accepts for all of
 * them (commands/decideChange.ts). With `ruleEdit` (the form's Repeats section) the rule and its dates
 * change too (applyRule): in place for a series waiting for review or a moderator's edit, else as part
 * of the proposed change, which carries the new rule and the dates it adds and withdraws. Based on the
 * series' `version`.
 */
export async function editSeries(
  db: Kysely<Database>,
  actor: Actor,
  {
    seriesId,
    input,
    version,
    ruleEdit,
    outbox,
    now = Date.now(),
  }: {
    seriesId: string;
    input: ValidEventInput;
    version: number;
    ruleEdit?: SeriesRuleEdit | undefined;
    outbox?: Outbox;
    now?: number;
  },
): Promise<{ outcome: SeriesEditOutcome; events: EventRow[] }> {
  return db.transaction().execute(async (trx) => {
    const series = await takeSeries(trx, seriesId, version, now);
    const all = await occurrencesOf(trx, seriesId);
    let rows = all.filter((r) => LIVE.includes(r.status) && r.over_at > now);
    if (rows.length === 0) throw conflict('not_editable', SERIES_NOT_EDITABLE);
    const moderator = isModerator(actor);
    const published = rows.filter((r) => r.status === 'approved');
    const [lead] = published;
    if (moderator && lead) await assertNoChangeWaiting(trx, lead, true);
    const inPlace = moderator || published.length === 0;
    const edit = ruleEdit && changesRule(series, ruleEdit) ? ruleEdit : undefined;
    // One change waits per series (docs/PRODUCT.md#recurring-events): accepted after this one, a change
    // to one date would give that date back the fields this one replaces.
    if (!moderator && published.length > 0) {
      const waiting = await waitingChangesOf(trx, seriesId);
      if (waiting.some((change) => changeScopeOf(change.payload) === 'date')) {
        throw conflict('date_change_waiting', DATE_CHANGE_WAITING);
      }
    }
    // The rule's time of day follows the dates, once they change (a proposal: when it is accepted).
    if (inPlace) await setSeriesTime(trx, seriesId, input.time);
    // The flyer the form keeps or chooses, for every date changed in place and for the proposed change
    // (checked again when it is accepted, commands/decideChange.ts).
    const image = await resolveEventImage(
      trx,
      actor,
      input.image,
      eventImageOf(rows[0] ?? { image: null }),
      now,
    );
    let added: string[] = [];
    if (edit && inPlace) {
      // New dates are published at once only by a moderator's edit of a published series.
      const status = moderator && all.some((r) => r.status === 'approved') ? 'approved' : 'pending';
      ({ added } = await applyRule(trx, series, { input, edit, status, image, now }));
      rows = (await occurrencesOf(trx, seriesId)).filter(
        (r) => LIVE.includes(r.status) && r.over_at > now && !added.includes(r.series_date ?? ''),
      );
    }
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
    if (moderator) {
      const first = (await occurrencesOf(trx, seriesId)).find((r) => r.status !== 'withdrawn');
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
      // The flyer as resolved (with its hash and size), as for one event (commands/editEvent.ts): the
      // comparison shows it, the clean-up keeps it while the change waits, and editing again starts from it.
      const proposal: ValidEventInput & { series?: SeriesProposal; scope: ChangeScope } = {
        ...occurrenceInput(input, lead.series_date ?? input.date),
        image: image ?? undefined,
        // For every published date from the lead on (commands/decideChange.ts).
        scope: 'series',
      };
      if (edit) proposal.series = seriesProposalOf(all, input, edit, now);
      await trx
        .insertInto('event_changes')
        .values({
          id: newId(),
          event_id: lead.id,
          proposed_by: actor.id,
          payload: JSON.stringify(proposal),
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

function seriesProposalOf(
  rows: EventRow[],
  input: ValidEventInput,
  edit: SeriesRuleEdit,
  now: number,
): SeriesProposal {
  const { added, removed, total } = dateChangesOf(rows, input, edit, now);
  const instant = (ms: number) => new Date(ms).toISOString();
  return {
    rule: edit.rule,
    from: edit.from,
    first: edit.dates[0] ?? edit.from,
    total,
    added: added.map((date) => instant(eventFieldsOf(occurrenceInput(input, date)).startsAt)),
    removed: removed.flatMap((date) => {
      const row = rows.find((r) => r.series_date === date && LIVE.includes(r.status));
      return row ? [instant(row.starts_at)] : [];
    }),
  };
}

/**
 * Accept a proposed change that gives a published series a new rule (commands/decideChange.ts), in its
 * transaction: the rule's dates are worked out again (the limits of a new series hold), new dates are
 * published, the dates it no longer gives withdrawn, and every published date to come takes the form.
 */
export async function acceptSeriesRule(
  trx: Transaction<Database>,
  lead: EventRow,
  input: ValidEventInput,
  proposal: SeriesProposal,
  now: number,
): Promise<void> {
  const series = lead.series_id ? await getSeriesById(trx, lead.series_id) : undefined;
  if (!series) throw notFound(SERIES_NOT_FOUND);
  const rule = repeatRuleSchema.parse(proposal.rule);
  const dates = seriesDates({ date: proposal.from, time: input.time, timezone: input.timezone }, rule);
  const image = eventImageOf(lead);
  const { added } = await applyRule(trx, series, {
    input,
    edit: { rule, from: proposal.from, dates },
    status: 'approved',
    image,
    now,
  });
  const kept = (await occurrencesOf(trx, series.id)).filter(
    (r) =>
      r.status === 'approved' && r.over_at > now && r.id !== lead.id && !added.includes(r.series_date ?? ''),
  );
  for (const row of kept) {
    await trx
      .updateTable('events')
      .set((eb) => ({
        ...eventColumnsOf(fieldsFor(input, row, image)),
        sequence: eb('sequence', '+', 1),
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', row.id)
      .execute();
  }
  // An edit of the series begun before this acceptance is stale now.
  await trx
    .updateTable('series')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', series.id)
    .execute();
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
    await withdrawDates(trx, dropped, now);
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
    // A change proposed to this date alone would, once accepted, give it back the time it proposes:
    // the move would be lost unseen. (A change to every date keeps a moved date's own time.)
    const waiting = row.status === 'approved' ? await pendingChangeOf(trx, row.id) : undefined;
    if (waiting && changeScopeOf(waiting.payload) === 'date') {
      throw isModerator(actor) && actor.id !== row.created_by
        ? conflict('decide_change_first', DECIDE_CHANGE_FIRST)
        : conflict('date_change_waiting', MOVE_CHANGE_WAITING);
    }
    const startsAt = zonedDateTimeToInstant(date, time, row.timezone).getTime();
    await assertDayFree(trx, row, startsAt);
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
      ...goesAheadOnNewStart(row, startsAt),
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
