import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { AttendanceMode } from '../../common/enums';
import { boundingBox, cityPosition, findCity, haversineLimit } from '../search/gazetteer';
import type { Database, EventRow } from './schema';

/**
 * Near a city (docs/PRODUCT.md#home): where events are, and the SQL that finds those within a distance
 * of a city.
 *
 * An event's position is its city's in the offline gazetteer (search/gazetteer.ts), kept with the 1°
 * square of latitude and longitude that holds it (`cell`, migration 0015). events_near_idx orders each
 * square's events by date, so the first page of a "near" list is a few short walks, one per square
 * the circle touches (4 for 25 km at most latitudes, 12 or so for 100 km), merged: like the other
 * listings, it reads about a page of entries per square whatever the size of the calendar or of the
 * city. The box and the exact great-circle distance (haversine) are checked on each entry.
 */

/** The 1° square holding a point: rows of 360 from the South Pole, columns from the 180th meridian. */
export function cellOf(latitude: number, longitude: number): number {
  const row = Math.min(179, Math.max(0, Math.floor(latitude) + 90));
  const column = Math.min(359, Math.max(0, Math.floor(longitude) + 180));
  return row * 360 + column;
}

/**
 * Where an event is: its city's position; none for an event one attends only online, or a city the
 * gazetteer does not know.
 */
export function positionOf(e: { city: string; country: string; attendance?: AttendanceMode | undefined }): {
  latitude: number | null;
  longitude: number | null;
  cell: number | null;
} {
  const position = e.attendance === 'online' ? null : cityPosition(e.city, e.country);
  if (!position) return { latitude: null, longitude: null, cell: null };
  return { ...position, cell: cellOf(position.latitude, position.longitude) };
}

/** Beyond this many squares (near a pole, where a circle spans every longitude) the date walk serves. */
const CELLS_MAX = 48;

export interface NearQuery {
  /** The box, then the exact distance: what every event listed satisfies. */
  conditions: RawBuilder<boolean>[];
  /** The squares the circle touches, or null when they are too many to walk one by one. */
  cells: number[] | null;
}

/**
 * A "near" search as SQL: null without a city; no cells and a condition nothing satisfies for a city
 * the gazetteer does not know.
 */
export function nearQuery(near: string, km: number): NearQuery | null {
  if (!near) return null;
  const city = findCity(near);
  if (!city) return { conditions: [sql<boolean>`1 = 0`], cells: [] };
  const { latitude, longitude } = city;
  const box = boundingBox(latitude, longitude, km);
  // Bound as numbers PostgreSQL reads as double precision (a bare parameter would have no type).
  const number = (n: number) => sql`cast(${n} as double precision)`;
  const conditions = [sql<boolean>`latitude between ${number(box.south)} and ${number(box.north)}`];
  if (box.west !== null && box.east !== null) {
    conditions.push(
      box.west <= box.east
        ? sql<boolean>`longitude between ${number(box.west)} and ${number(box.east)}`
        : sql<boolean>`(longitude >= ${number(box.west)} or longitude <= ${number(box.east)})`,
    );
  }
  // Haversine's a ≤ sin²(d / 2R), as search/gazetteer.ts's haversineA computes it.
  const half = Math.PI / 360;
  conditions.push(
    sql<boolean>`power(sin((latitude - ${number(latitude)}) * ${number(half)}), 2) + ${number(Math.cos(latitude * 2 * half))} * cos(latitude * ${number(2 * half)}) * power(sin((longitude - ${number(longitude)}) * ${number(half)}), 2) <= ${number(haversineLimit(km))}`,
  );
  return { conditions, cells: cellsOf(box) };
}

function cellsOf(box: ReturnType<typeof boundingBox>): number[] | null {
  if (box.west === null || box.east === null) return null;
  const columns: number[] = [];
  const span = (from: number, to: number) => {
    for (let lon = Math.floor(from); lon <= Math.floor(to); lon++) columns.push(lon);
  };
  if (box.west <= box.east) span(box.west, box.east);
  else {
    span(box.west, 179.999);
    span(-180, box.east);
  }
  const cells: number[] = [];
  for (let lat = Math.floor(box.south); lat <= Math.floor(box.north); lat++) {
    for (const lon of columns) cells.push(cellOf(lat, lon));
  }
  const unique = [...new Set(cells)];
  return unique.length <= CELLS_MAX ? unique : null;
}

/**
 * One page of a "near" list: in each square the circle touches, the first `offset + limit` matches in
 * date order (a short walk of events_near_idx), merged; only the page's rows are then read whole.
 */
export async function pageByCells<Q extends SelectQueryBuilder<Database, 'events', object>>(
  db: Kysely<Database>,
  matching: Q,
  near: NearQuery,
  { direction, offset, limit }: { direction: 'asc' | 'desc'; offset: number; limit: number },
): Promise<EventRow[]> {
  const walks = (near.cells ?? []).map((cell, i) =>
    db
      .selectFrom(
        matching
          .where('cell', '=', cell)
          .select(['events.id as id', 'events.starts_at as starts_at'])
          .orderBy('starts_at', direction)
          .orderBy('id')
          .limit(offset + limit)
          .as(`c${i}`),
      )
      .select(['id', 'starts_at']),
  );
  const [first, ...others] = walks;
  if (!first) return [];
  const merged = others.reduce((all, walk) => all.unionAll(walk), first).as('merged');
  const page = db
    .selectFrom(merged)
    .select(['merged.id', 'merged.starts_at'])
    .orderBy('merged.starts_at', direction)
    .orderBy('merged.id')
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .selectFrom(page)
    .innerJoin('events', 'events.id', 'page.id')
    .selectAll('events')
    .orderBy('page.starts_at', direction)
    .orderBy('page.id')
    .execute();
}
