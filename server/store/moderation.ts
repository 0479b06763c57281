import type { Kysely } from 'kysely';
import type { EventStatus } from '../../common/enums';
import { type Listed, type Page, pageOffset } from '../../common/paging';
import type { Database, EventRow, ReportRow } from './schema';

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

/** Pending events, newest submission first (docs/PRODUCT.md#moderation). */
export const listPendingEvents = (db: Kysely<Database>, page: Page) =>
  listEventsInStatus(db, 'pending', ['created_at', 'desc'], page);

/** Every approved event, upcoming and past, by date (past ones first: they may need removing). */
export const listAllApprovedEvents = (db: Kysely<Database>, page: Page) =>
  listEventsInStatus(db, 'approved', ['starts_at', 'asc'], page);

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
  const [byStatus, reported] = await Promise.all([
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
  ]);
  const of = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return { pending: of('pending'), reported: Number(reported.n), approved: of('approved') };
}
