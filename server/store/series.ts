import type { Kysely } from 'kysely';
import type { RepeatRule } from '../../common/series';
import type { Database, EventRow, SeriesRow } from './schema';

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
