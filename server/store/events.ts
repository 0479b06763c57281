import { type Kysely, sql } from 'kysely';
import type { EventStatus, EventType } from '../../common/enums';
import type { ListEventsFilters } from '../../common/schemas/events';
import { newId } from './ids';
import type { Database, EventRow } from './schema';

/** Escape LIKE wildcards so a search for "100%" means the text "100%". */
function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchTextOf(e: {
  title: string;
  description: string;
  city: string;
  country: string;
}): string {
  return [e.title, e.description, e.city, e.country].join('\n').toLowerCase();
}

export function locationTextOf(e: { city: string; country: string }): string {
  return `${e.city}\n${e.country}`.toLowerCase();
}

export interface Page {
  page: number;
  pageSize: number;
}

/** Approved events matching the home page's filters: upcoming soonest first, or past latest first. */
export async function listApprovedEvents(
  db: Kysely<Database>,
  filters: ListEventsFilters,
  { page, pageSize }: Page,
  now: number = Date.now(),
): Promise<{ rows: EventRow[]; total: number }> {
  let query = db.selectFrom('events').where('status', '=', 'approved');
  query = filters.when === 'past' ? query.where('starts_at', '<', now) : query.where('starts_at', '>=', now);
  if (filters.type !== 'all') query = query.where('type', '=', filters.type);
  // Newlines separate the fields in the stored text; a query never spans two of them.
  const search = filters.search.replace(/\s*\n\s*/g, ' ');
  if (search) query = query.where(sql<boolean>`search_text like ${likeContains(search)} escape '\\'`);
  const location = filters.location.replace(/\s*\n\s*/g, ' ');
  if (location) query = query.where(sql<boolean>`location_text like ${likeContains(location)} escape '\\'`);

  const [countRow, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('starts_at', filters.when === 'past' ? 'desc' : 'asc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { rows, total: Number(countRow.n) };
}

export async function getEventById(db: Kysely<Database>, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewEvent {
  title: string;
  description: string;
  startsAt: number;
  timezone: string;
  city: string;
  country: string;
  type: EventType;
  sourceLink: string;
  organizer?: string | undefined;
  createdBy: string;
  status?: EventStatus;
  verified?: boolean;
  createdAt?: number;
}

/** Insert an event (pending and unverified unless told otherwise) and return its row. */
export async function insertEvent(db: Kysely<Database>, e: NewEvent): Promise<EventRow> {
  const now = e.createdAt ?? Date.now();
  const status = e.status ?? 'pending';
  const row: EventRow = {
    id: newId(),
    title: e.title,
    description: e.description,
    starts_at: e.startsAt,
    timezone: e.timezone,
    city: e.city,
    country: e.country,
    type: e.type,
    source_link: e.sourceLink,
    organizer: e.organizer ?? null,
    status,
    verified: e.verified ? 1 : 0,
    created_by: e.createdBy,
    created_at: now,
    updated_at: now,
    approved_at: status === 'approved' ? now : null,
    search_text: searchTextOf(e),
    location_text: locationTextOf(e),
  };
  await db.insertInto('events').values(row).execute();
  return row;
}
