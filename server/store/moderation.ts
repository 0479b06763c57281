import type { Kysely } from 'kysely';
import type { EventStatus } from '../../common/enums';
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
 * What waits for review: pending events and published events with a proposed change, the newest
 * submission or change first (docs/PRODUCT.md#moderation).
 */
export async function listPendingEvents(db: Kysely<Database>, page: Page): Promise<Listed<PendingItem>> {
  const waiting = db
    .selectFrom('events')
    .leftJoin('event_changes as c', (join) =>
      join.onRef('c.event_id', '=', 'events.id').on('c.status', '=', 'pending'),
    )
    .where((eb) =>
      eb.or([
        eb('events.status', '=', 'pending'),
        eb.and([eb('events.status', '=', 'approved'), eb('c.id', 'is not', null)]),
      ]),
    );
  const [count, rows] = await Promise.all([
    waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    waiting
      .selectAll('events')
      .select([
        'c.id as change_id',
        (eb) => eb.fn.coalesce('c.created_at', 'events.created_at').as('waiting_since'),
      ])
      .orderBy('waiting_since', 'desc')
      .orderBy('events.id')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
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
  const [byStatus, reported, changed] = await Promise.all([
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
  ]);
  const of = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return {
    pending: of('pending') + Number(changed.n),
    reported: Number(reported.n),
    approved: of('approved'),
  };
}
