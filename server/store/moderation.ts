import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { EventStatus } from '../../common/enums';
import { type PendingSort, QUEUE_SOON_MS } from '../../common/moderationEnums';
import { type Listed, type Page, pageOffset } from '../../common/paging';
import type { Database, EventChangeRow, EventRow, ReportRow } from './schema';
import { textQuery } from './textSearch';

/** One page of the events in `status`, ordered by `order`, then by id. */
async function listEventsInStatus(
  db: Kysely<Database>,
  status: EventStatus,
  [column, direction]: ['created_at' | 'starts_at', 'asc' | 'desc'],
  page: Page,
): Promise<Listed<EventRow>> {
  const query = db.selectFrom('events').where('status', '=', status);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy(column, direction)
      .orderBy('id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A pending event, or a published one with the change its submitter proposed (docs/PRODUCT.md#my-events). */
export interface PendingItem {
  event: EventRow;
  change?: EventChangeRow;
}

/**
 * What waits for review: pending events, and published events with a change their submitter proposed,
 * one row each with its start, end and since when it waits. Two branches joined by UNION ALL so that
 * each reads its own index (events by status; event_changes by status): an OR over a left join makes
 * both databases scan every published event.
 */
function waitingForReview(db: Kysely<Database>) {
  const pending = leadsOnly(db.selectFrom('events').where('status', '=', 'pending')).select([
    'id',
    sql<string | null>`cast(null as text)`.as('change_id'),
    'starts_at',
    'over_at',
    'created_at as waiting_since',
  ]);
  const changed = db
    .selectFrom('event_changes as c')
    .innerJoin('events', 'events.id', 'c.event_id')
    .where('c.status', '=', 'pending')
    .where('events.status', '=', 'approved')
    .select([
      'events.id as id',
      'c.id as change_id',
      'events.starts_at as starts_at',
      'events.over_at as over_at',
      'c.created_at as waiting_since',
    ]);
  return db.selectFrom(pending.unionAll(changed).as('w'));
}

/**
 * A series is reviewed once (docs/PRODUCT.md#recurring-events): of its dates waiting, only the first
 * stands for it; the others wait behind it (an event of no series stands for itself).
 */
const waitsBehindEarlierDate = (eb: ExpressionBuilder<Database, 'events'>) =>
  eb.exists(
    eb
      .selectFrom('events as earlier')
      .select('earlier.id')
      .whereRef('earlier.series_id', '=', 'events.series_id')
      .where('earlier.status', '=', 'pending')
      .whereRef('earlier.series_position', '<', 'events.series_position'),
  );

function leadsOnly<Q extends SelectQueryBuilder<Database, 'events', object>>(query: Q): Q {
  return query.where((eb) =>
    eb.or([eb('events.series_id', 'is', null), eb.not(waitsBehindEarlierDate(eb))]),
  ) as Q;
}

/**
 * What waits for review (docs/PRODUCT.md#moderation-dashboard), by `sort`: the event happening soonest
 * first (those already started or past still waiting come first, the earliest start first), or the
 * newest submission or change first. A change is placed by the published event's date.
 */
export async function listPendingEvents(
  db: Kysely<Database>,
  page: Page & { sort?: PendingSort },
): Promise<Listed<PendingItem>> {
  const waiting = waitingForReview(db);
  const columns = waiting
    .innerJoin('events', 'events.id', 'w.id')
    .selectAll('events')
    .select(['w.change_id', 'w.waiting_since']);
  const ordered =
    page.sort === 'submitted'
      ? columns.orderBy('w.waiting_since', 'desc')
      : columns.orderBy('w.starts_at', 'asc');
  const [count, rows] = await Promise.all([
    waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ordered.orderBy('events.id').limit(page.pageSize).offset(pageOffset(page)).execute(),
  ]);
  const changeIds = rows.flatMap((r) => (r.change_id ? [r.change_id] : []));
  const changes =
    changeIds.length === 0
      ? []
      : await db.selectFrom('event_changes').selectAll().where('id', 'in', changeIds).execute();
  const byId = new Map(changes.map((c) => [c.id, c]));
  return {
    rows: rows.map(({ change_id, waiting_since: _, ...event }) => {
      const change = change_id ? byId.get(change_id) : undefined;
      return change ? { event, change } : { event };
    }),
    total: Number(count.n),
  };
}

/**
 * Every approved event, upcoming and past, by date (past ones first: they may need removing); with
 * `search`, those whose text holds every word, as the home page's search finds them.
 */
export async function listAllApprovedEvents(
  db: Kysely<Database>,
  page: Page & { search?: string },
): Promise<Listed<EventRow>> {
  if (!page.search) return listEventsInStatus(db, 'approved', ['starts_at', 'asc'], page);
  const { conditions } = textQuery(page.search, '');
  let query = db.selectFrom('events').where('status', '=', 'approved');
  for (const condition of conditions) query = query.where(condition);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('starts_at', 'asc')
      .orderBy('id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface ReportedEvent {
  event: EventRow;
  /** Open reports, newest first. */
  reports: ReportRow[];
}

/**
 * Approved events with open reports, the most recently reported first, each with all its open reports.
 * No cap (docs/PRODUCT.md#departures): the list paginates.
 */
export async function listReportedEvents(db: Kysely<Database>, page: Page): Promise<Listed<ReportedEvent>> {
  const reported = db
    .selectFrom('reports')
    .innerJoin('events', 'events.id', 'reports.event_id')
    .where('reports.status', '=', 'open')
    .where('events.status', '=', 'approved');
  const [count, ids] = await Promise.all([
    reported
      .select((eb) => eb.fn.count<number>('reports.event_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    reported
      .select(['reports.event_id as id', (eb) => eb.fn.max('reports.created_at').as('latest')])
      .groupBy('reports.event_id')
      .orderBy('latest', 'desc')
      .orderBy('reports.event_id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
  ]);
  const eventIds = ids.map((r) => r.id);
  if (eventIds.length === 0) return { rows: [], total: Number(count.n) };
  const [events, reports] = await Promise.all([
    db.selectFrom('events').selectAll().where('id', 'in', eventIds).execute(),
    db
      .selectFrom('reports')
      .selectAll()
      .where('event_id', 'in', eventIds)
      .where('status', '=', 'open')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute(),
  ]);
  const byId = new Map(events.map((e) => [e.id, e]));
  const rows: ReportedEvent[] = [];
  for (const id of eventIds) {
    const event = byId.get(id);
    if (event) rows.push({ event, reports: reports.filter((r) => r.event_id === id) });
  }
  return { rows, total: Number(count.n) };
}

export interface ModerationCountRows {
  pending: number;
  reported: number;
  approved: number;
}

export async function countModerationTabs(db: Kysely<Database>): Promise<ModerationCountRows> {
  const [byStatus, reported, changed, seriesDates] = await Promise.all([
    db
      .selectFrom('events')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['pending', 'approved'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('reports')
      .innerJoin('events', 'events.id', 'reports.event_id')
      .where('reports.status', '=', 'open')
      .where('events.status', '=', 'approved')
      .select((eb) => eb.fn.count<number>('reports.event_id').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('event_changes')
      .innerJoin('events', 'events.id', 'event_changes.event_id')
      .where('event_changes.status', '=', 'pending')
      .where('events.status', '=', 'approved')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    // Dates of a series waiting behind its first: the series counts once.
    db
      .selectFrom('events')
      .where('status', '=', 'pending')
      .where('series_id', 'is not', null)
      .where(waitsBehindEarlierDate)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const of = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return {
    pending: of('pending') - Number(seriesDates.n) + Number(changed.n),
    reported: Number(reported.n),
    approved: of('approved'),
  };
}

export interface QueueHealthRow {
  /** When the longest-waiting item was submitted (or its change proposed); null when none waits. */
  oldestWaitingSince: number | null;
  /** Waiting events not yet over that start within QUEUE_SOON_MS of `now`. */
  happeningSoon: number;
}

/** Queue health, in one query over what waits for review (docs/PRODUCT.md#moderation-dashboard). */
export async function queueHealth(db: Kysely<Database>, now: number): Promise<QueueHealthRow> {
  const row = await waitingForReview(db)
    .select((eb) => [
      eb.fn.min('w.waiting_since').as('oldest'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('w.starts_at', '<', now + QUEUE_SOON_MS), eb('w.over_at', '>', now)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('soon'),
    ])
    .executeTakeFirstOrThrow();
  return {
    oldestWaitingSince: row.oldest === null || row.oldest === undefined ? null : Number(row.oldest),
    happeningSoon: Number(row.soon ?? 0),
  };
}
