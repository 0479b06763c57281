import type { Kysely } from 'kysely';
import type { RepeatRule } from '../../common/series';
import type { Database, EventChangeRow, EventRow, SeriesRow } from './schema';

/** What an occurrence carries of its series' rule (events.series_rule, migration 0018). */
export interface SeriesRuleCopy {
  rule: RepeatRule;
  /** The series' first date ('YYYY-MM-DD', local): its weekday and day of the month name the rule. */
  first: string;
  /** How many dates the series has (fewer once ended early). */
  total: number;
}

/**
 * What a proposed change of a published series carries of a new rule (event_changes.payload's
 * `series`): the rule and the date it starts from, to apply on acceptance, and for the moderators' comparison
 * the dates it adds and withdraws (as instants, at proposal) and how many dates the series then has.
 */
export interface SeriesProposal {
  rule: RepeatRule;
  from: string;
  first: string;
  total: number;
  added: string[];
  removed: string[];
}

/** The new rule a proposed change carries, if it carries one (its `series`, as seriesProposalOf wrote it). */
export function seriesProposalIn(payload: string): SeriesProposal | undefined {
  const parsed = JSON.parse(payload) as { series?: SeriesProposal };
  return parsed.series && typeof parsed.series === 'object' ? parsed.series : undefined;
}

/**
 * Whom a proposed change to a date of a series is for (event_changes.payload's `scope`,
 * docs/PRODUCT.md#recurring-events): 'date' for that date alone ("Propose changes" on its page),
 * 'series' for every published date from it on ("Edit every date"). A change written before scopes
 * existed was an edit of the whole series or applied as one, so it reads as 'series'.
 */
export type ChangeScope = 'date' | 'series';
export function changeScopeOf(payload: string): ChangeScope {
  return (JSON.parse(payload) as { scope?: unknown }).scope === 'date' ? 'date' : 'series';
}

/** The latest change proposed to every date of a series (pending, decided or replaced), if any. */
export async function seriesChangeOf(
  db: Kysely<Database>,
  seriesId: string,
): Promise<EventChangeRow | undefined> {
  const changes = await db
    .selectFrom('event_changes')
    .innerJoin('events', 'events.id', 'event_changes.event_id')
    .selectAll('event_changes')
    .where('events.series_id', '=', seriesId)
    .orderBy('event_changes.created_at', 'desc')
    .orderBy('event_changes.id', 'desc')
    .execute();
  return changes.find((change) => changeScopeOf(change.payload) === 'series');
}

/** The changes waiting for review on dates of a series, of either scope. */
export async function waitingChangesOf(db: Kysely<Database>, seriesId: string): Promise<EventChangeRow[]> {
  return db
    .selectFrom('event_changes')
    .innerJoin('events', 'events.id', 'event_changes.event_id')
    .selectAll('event_changes')
    .where('events.series_id', '=', seriesId)
    .where('event_changes.status', '=', 'pending')
    .execute();
}

export const ruleCopyOf = (row: Pick<EventRow, 'series_rule'>): SeriesRuleCopy | null =>
  row.series_rule ? (JSON.parse(row.series_rule) as SeriesRuleCopy) : null;

export async function getSeriesById(db: Kysely<Database>, id: string): Promise<SeriesRow | undefined> {
  return db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every occurrence of a series, in order (events_series_idx). */
export async function occurrencesOf(db: Kysely<Database>, seriesId: string): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('series_position')
    .execute();
}
