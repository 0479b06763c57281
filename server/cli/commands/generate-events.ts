import { sql } from 'kysely';
import { calendarDay, dateTimeFormat, zonedDateTimeToInstant } from '../../../common/dates';
import { EVENT_TYPES, type EventType } from '../../../common/enums';
import { overAt } from '../../../common/eventTime';
import { weekdayOf } from '../../../common/series';
import { seriesDates } from '../../series/rule';
import type { Store } from '../../store/db';
import { locationTextOf, NO_SERIES, searchTextOf } from '../../store/events';
import { newId } from '../../store/ids';
import { positionOf } from '../../store/near';
import type { EventRow, SeriesRow, UserRow } from '../../store/schema';
import { type AdminCommand, CliError } from '../command';

/**
 * `npm run admin -- generate-events N`: fill DATABASE_URL with N realistic approved events for
 * benchmarks and demos. Multi-row inserts in batched transactions: a million takes minutes.
 * The text is reproducible (seeded); ids are random as everywhere else.
 */

/**
 * Cities of the offline gazetteer (search/gazetteer.ts), so generated events have a position like
 * submitted ones and "near a city" finds them: a few towns around Manchester and London are nearby
 * (Salford 4 km from Manchester, Oldham 10, Bolton 17; Leeds 57; Croydon 14 from London), Online has none.
 */
const CITIES: ReadonlyArray<readonly [city: string, country: string, timezone: string]> = [
  ['London', 'United Kingdom', 'Europe/London'],
  ['Croydon', 'United Kingdom', 'Europe/London'],
  ['Manchester', 'United Kingdom', 'Europe/London'],
  ['Salford', 'United Kingdom', 'Europe/London'],
  ['Oldham', 'United Kingdom', 'Europe/London'],
  ['Bolton', 'United Kingdom', 'Europe/London'],
  ['Leeds', 'United Kingdom', 'Europe/London'],
  ['Glasgow', 'United Kingdom', 'Europe/London'],
  ['Bristol', 'United Kingdom', 'Europe/London'],
  ['Dublin', 'Ireland', 'Europe/Dublin'],
  ['Belfast', 'United Kingdom', 'Europe/London'],
  ['Paris', 'France', 'Europe/Paris'],
  ['Marseille', 'France', 'Europe/Paris'],
  ['Lyon', 'France', 'Europe/Paris'],
  ['Berlin', 'Germany', 'Europe/Berlin'],
  ['Hamburg', 'Germany', 'Europe/Berlin'],
  ['Munich', 'Germany', 'Europe/Berlin'],
  ['Amsterdam', 'Netherlands', 'Europe/Amsterdam'],
  ['Rotterdam', 'Netherlands', 'Europe/Amsterdam'],
  ['Brussels', 'Belgium', 'Europe/Brussels'],
  ['Madrid', 'Spain', 'Europe/Madrid'],
  ['Barcelona', 'Spain', 'Europe/Madrid'],
  ['Bilbao', 'Spain', 'Europe/Madrid'],
  ['Lisbon', 'Portugal', 'Europe/Lisbon'],
  ['Rome', 'Italy', 'Europe/Rome'],
  ['Milan', 'Italy', 'Europe/Rome'],
  ['Naples', 'Italy', 'Europe/Rome'],
  ['Athens', 'Greece', 'Europe/Athens'],
  ['Vienna', 'Austria', 'Europe/Vienna'],
  ['Zurich', 'Switzerland', 'Europe/Zurich'],
  ['Genève', 'Switzerland', 'Europe/Zurich'],
  ['Oslo', 'Norway', 'Europe/Oslo'],
  ['Stockholm', 'Sweden', 'Europe/Stockholm'],
  ['Malmö', 'Sweden', 'Europe/Stockholm'],
  ['Copenhagen', 'Denmark', 'Europe/Copenhagen'],
  ['Helsinki', 'Finland', 'Europe/Helsinki'],
  ['Warsaw', 'Poland', 'Europe/Warsaw'],
  ['Istanbul', 'Türkiye', 'Europe/Istanbul'],
  ['Ankara', 'Türkiye', 'Europe/Istanbul'],
  ['Ramallah', 'Palestine', 'Asia/Hebron'],
  ['Bethlehem', 'Palestine', 'Asia/Hebron'],
  ['Nablus', 'Palestine', 'Asia/Hebron'],
  ['Gaza City', 'Palestine', 'Asia/Gaza'],
  ['Amman', 'Jordan', 'Asia/Amman'],
  ['Beirut', 'Lebanon', 'Asia/Beirut'],
  ['Cairo', 'Egypt', 'Africa/Cairo'],
  ['Alexandria', 'Egypt', 'Africa/Cairo'],
  ['Tunis', 'Tunisia', 'Africa/Tunis'],
  ['Algiers', 'Algeria', 'Africa/Algiers'],
  ['Casablanca', 'Morocco', 'Africa/Casablanca'],
  ['Rabat', 'Morocco', 'Africa/Casablanca'],
  ['Doha', 'Qatar', 'Asia/Qatar'],
  ['Kuwait City', 'Kuwait', 'Asia/Kuwait'],
  ['Baghdad', 'Iraq', 'Asia/Baghdad'],
  ['Tehran', 'Iran', 'Asia/Tehran'],
  ['Karachi', 'Pakistan', 'Asia/Karachi'],
  ['Lahore', 'Pakistan', 'Asia/Karachi'],
  ['Islamabad', 'Pakistan', 'Asia/Karachi'],
  ['Delhi', 'India', 'Asia/Kolkata'],
  ['Mumbai', 'India', 'Asia/Kolkata'],
  ['Dhaka', 'Bangladesh', 'Asia/Dhaka'],
  ['Kuala Lumpur', 'Malaysia', 'Asia/Kuala_Lumpur'],
  ['Jakarta', 'Indonesia', 'Asia/Jakarta'],
  ['Manila', 'Philippines', 'Asia/Manila'],
  ['Tokyo', 'Japan', 'Asia/Tokyo'],
  ['Seoul', 'South Korea', 'Asia/Seoul'],
  ['Sydney', 'Australia', 'Australia/Sydney'],
  ['Melbourne', 'Australia', 'Australia/Melbourne'],
  ['Auckland', 'New Zealand', 'Pacific/Auckland'],
  ['Johannesburg', 'South Africa', 'Africa/Johannesburg'],
  ['Cape Town', 'South Africa', 'Africa/Johannesburg'],
  ['Nairobi', 'Kenya', 'Africa/Nairobi'],
  ['Lagos', 'Nigeria', 'Africa/Lagos'],
  ['Dakar', 'Senegal', 'Africa/Dakar'],
  ['New York', 'United States', 'America/New_York'],
  ['Chicago', 'United States', 'America/Chicago'],
  ['Dearborn', 'United States', 'America/Detroit'],
  ['Los Angeles', 'United States', 'America/Los_Angeles'],
  ['San Francisco', 'United States', 'America/Los_Angeles'],
  ['Seattle', 'United States', 'America/Los_Angeles'],
  ['Washington', 'United States', 'America/New_York'],
  ['Boston', 'United States', 'America/New_York'],
  ['Philadelphia', 'United States', 'America/New_York'],
  ['Houston', 'United States', 'America/Chicago'],
  ['Minneapolis', 'United States', 'America/Chicago'],
  ['Toronto', 'Canada', 'America/Toronto'],
  ['Montreal', 'Canada', 'America/Toronto'],
  ['Vancouver', 'Canada', 'America/Vancouver'],
  ['Mexico City', 'Mexico', 'America/Mexico_City'],
  ['Bogotá', 'Colombia', 'America/Bogota'],
  ['Santiago', 'Chile', 'America/Santiago'],
  ['Buenos Aires', 'Argentina', 'America/Argentina/Buenos_Aires'],
  ['São Paulo', 'Brazil', 'America/Sao_Paulo'],
  ['Rio de Janeiro', 'Brazil', 'America/Sao_Paulo'],
  ['Online', 'Worldwide', 'UTC'],
];

const TITLES: Record<EventType, readonly string[]> = {
  protest: [
    'March for Gaza',
    'National march for Palestine',
    'Ceasefire now rally',
    'Vigil for the children of Gaza',
    'Stop arming Israel demonstration',
    'Free Palestine march',
    'Rally for an end to the siege',
    'Student encampment day of action',
    'Protest at the arms factory',
    'Nakba Day commemoration march',
    'Land Day rally',
    'Candlelight vigil for peace and justice',
  ],
  cultural: [
    'Film night: Farha',
    'Palestinian embroidery (tatreez) workshop',
    'Dabke dance evening',
    'Poetry reading: Mahmoud Darwish',
    'Palestinian food and music festival',
    'Art exhibition: Memories of the Land',
    'Concert for Palestine',
    'Olive harvest celebration',
    'Screening: 5 Broken Cameras',
    'Book launch and signing',
    'Oud recital and storytelling',
  ],
  educational: [
    'Teach-in on the history of the Nakba',
    'Talk: international law and occupation',
    'Workshop: organising your campus',
    'Reading group: The Hundred Years War on Palestine',
    'Panel: journalists under fire',
    'Arabic for beginners',
    'Lecture: water and land rights',
    'Know your rights training for protesters',
    'Seminar on the boycott movement',
    'History walk: solidarity movements of the city',
  ],
  digital: [
    'Online vigil',
    'Webinar: voices from Gaza',
    'Twitter storm for a ceasefire',
    'Online fundraiser for medical aid',
    'Digital security for organisers',
    'Livestream: testimonies from the West Bank',
    'Virtual book club',
    'Email your representative hour',
  ],
};

const OPENINGS = [
  'Join us',
  'Everyone is welcome',
  'Come together with neighbours and friends',
  'Bring your family and friends',
  'Stand with the people of Palestine',
  'We gather once again',
];
const DETAILS = [
  'to call for an immediate and permanent ceasefire.',
  'to remember the lives lost and to demand justice.',
  'for an evening of culture, food and conversation.',
  'to learn, share and organise together.',
  'in solidarity with families in Gaza and the West Bank.',
  'to raise funds for medical aid and relief.',
  'to hear first-hand testimonies and ask questions.',
];
const PRACTICAL = [
  'Meeting point near the main square; stewards will be in yellow vests.',
  'The venue is step-free and there is a quiet room.',
  'Bring flags, banners, water and warm clothes.',
  'Free entry; donations go to humanitarian organisations.',
  'Arabic and English interpretation will be available.',
  'Please respect the safety guidance of the organisers.',
  'Children are welcome; there will be a drawing corner.',
  'The link will be shared with registered participants.',
];
const ORGANIZERS = [
  'Palestine Solidarity Campaign',
  'Friends of Al-Aqsa',
  'Jewish Voice for Peace',
  'Students for Justice in Palestine',
  'Local trade union branch',
  'Community mosque and church committee',
  'Artists for Palestine',
  null,
  null,
];

const VENUES = [
  'Main square, by the fountain',
  'Outside the town hall',
  'Community centre, main hall',
  'University library, room 2',
  'The old cinema',
  'Meeting point: central station, north exit',
];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Market Street', 'Park Avenue', 'Mill Road'];
const ACCESS_NOTES = [
  'Step-free access; seating available.',
  'Sign language interpretation; quiet space next to the hall.',
  'The route is flat and about 2 km long; a shorter route is signposted.',
];

/** A small seeded generator (mulberry32): the same N gives the same calendar text every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;

export interface GenerateOptions {
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** Seed of the text generator. */
  seed?: number;
  now?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Insert `count` approved events (and a few hundred organiser accounts) into the store. */
export async function generateEvents(
  store: Store,
  count: number,
  options: GenerateOptions = {},
): Promise<void> {
  const { db, dialect } = store;
  const random = seeded(options.seed ?? 20231007);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const now = options.now ?? Date.now();
  // SQLite binds at most 32,766 parameters per statement, PostgreSQL 65,535; events have 39 columns,
  // and a batch may run over by one series (SERIES_MAX dates).
  const batchSize = options.batchSize ?? (dialect === 'postgres' ? 1500 : 780);
  const batchesPerTransaction = 20;

  const organisers: UserRow[] = Array.from(
    { length: Math.min(500, Math.max(1, Math.ceil(count / 100))) },
    (_, i) => {
      const id = newId();
      return {
        id,
        name: `Organiser ${i + 1}`,
        email: `organiser-${id}@example.org`,
        email_lc: `organiser-${id.toLowerCase()}@example.org`,
        password_hash: null,
        google_sub: null,
        role: 'user',
        created_at: now - 3 * YEAR,
        email_verified_at: null,
        deleted_at: null,
        language: null,
      };
    },
  );
  for (let i = 0; i < organisers.length; i += 500) {
    await db
      .insertInto('users')
      .values(organisers.slice(i, i + 500))
      .execute();
  }

  // Each city's position, looked up once.
  const positions = new Map(CITIES.map(([city, country]) => [city, positionOf({ city, country })]));
  const nowhere = { latitude: null, longitude: null, cell: null };

  const makeEvent = (): EventRow => {
    const type = pick(EVENT_TYPES);
    const [city, country, timezone] = pick(CITIES);
    const title = pick(TITLES[type]);
    const description = `${pick(OPENINGS)} in ${city} ${pick(DETAILS)} ${pick(PRACTICAL)}`;
    // Three years back to two years ahead, on the hour or half hour, mostly evenings and weekends.
    const dayOffset = Math.floor((random() * 5 - 3) * 365);
    const startsAt =
      Math.floor((now + dayOffset * DAY) / DAY) * DAY + (10 + Math.floor(random() * 20) / 2) * 3600_000;
    const createdAt = Math.min(now, startsAt - Math.floor(random() * 60) * DAY);
    // Half have an end: most a few hours later, one in fifty over several days (an encampment).
    const shape = random();
    const endsAt =
      shape < 0.02
        ? startsAt + (1 + Math.floor(random() * 6)) * DAY
        : shape < 0.5
          ? startsAt + (1 + Math.floor(random() * 8) / 2) * 3600_000
          : null;
    const online = city === 'Online';
    const attendance = online ? 'online' : type === 'digital' || random() < 0.05 ? 'both' : 'in_person';
    const visibility = random();
    const id = newId();
    return {
      id,
      title,
      description,
      starts_at: startsAt,
      timezone,
      city,
      country,
      type,
      source_link: `https://example.org/events/${id}`,
      organizer: pick(ORGANIZERS),
      status: 'approved',
      verified: random() < 0.3 ? 1 : 0,
      created_by: pick(organisers).id,
      created_at: createdAt,
      updated_at: createdAt,
      // An hour after it was sent, but never later than now (the feed lists the newest approvals first).
      approved_at: Math.min(now, createdAt + 3600_000),
      search_text: searchTextOf({ title, description, city, country, attendance }),
      location_text: locationTextOf({ city, country, attendance }),
      ...(attendance === 'online' ? nowhere : (positions.get(city) ?? nowhere)),
      ends_at: endsAt,
      over_at: overAt(startsAt, endsAt),
      venue: online ? null : random() < 0.6 ? pick(VENUES) : null,
      address:
        online || random() < 0.5 ? null : `${1 + Math.floor(random() * 200)} ${pick(STREETS)}, ${city}`,
      attendance,
      join_url: attendance === 'in_person' ? null : `https://meet.example.org/${id}`,
      place_visibility: visibility < 0.8 ? 'everyone' : visibility < 0.9 ? 'signed_in' : 'hours_before',
      place_hours_before: visibility >= 0.9 ? pick([2, 6, 24, 48]) : null,
      accessibility: random() < 0.3 ? pick(ACCESS_NOTES) : null,
      schedule: random() < 0.01 ? 'cancelled' : random() < 0.01 ? 'postponed' : 'scheduled',
      schedule_note: null,
      sequence: 0,
      version: 1,
      image: null,
      image_id: null,
      ...NO_SERIES,
    };
  };

  /**
   * A tenth of the events are dates of a weekly series (docs/PRODUCT.md#recurring-events) of 4 to 12
   * dates: one event's fields on each date the app's own rule code gives (server/series/rule.ts), at
   * the same wall-clock time in the event's zone across daylight-saving changes, as a submitted series
   * is; an end keeps its wall-clock time and its distance in days. The series row is written beside them.
   */
  const seriesRows: SeriesRow[] = [];
  const makeRows = (n: number): EventRow[] => {
    const rows: EventRow[] = [];
    while (rows.length < n) {
      const first = makeEvent();
      if (random() >= SERIES_START) {
        rows.push(first);
        continue;
      }
      const length = SERIES_MIN + Math.floor(random() * (SERIES_MAX - SERIES_MIN + 1));
      const seriesId = newId();
      const zone = first.timezone;
      const firstDate = calendarDay(new Date(first.starts_at), zone);
      const time = wallTime(first.starts_at, zone);
      const rule = { freq: 'weekly', weekdays: [weekdayOf(firstDate)], count: length } as const;
      const dates = seriesDates(
        { date: firstDate, time, timezone: zone },
        { ...rule, weekdays: [...rule.weekdays] },
      );
      const end =
        first.ends_at === null
          ? null
          : {
              days: dayNumber(calendarDay(new Date(first.ends_at), zone)) - dayNumber(firstDate),
              time: wallTime(first.ends_at, zone),
            };
      seriesRows.push({
        id: seriesId,
        created_by: first.created_by,
        timezone: zone,
        rule: JSON.stringify(rule),
        first_date: firstDate,
        time,
        ended_after: null,
        version: 1,
        created_at: first.created_at,
        updated_at: first.created_at,
      });
      const copy = JSON.stringify({ rule, first: firstDate, total: dates.length });
      for (const [i, date] of dates.entries()) {
        const startsAt = zonedDateTimeToInstant(date, time, zone).getTime();
        const endsAt =
          end === null ? null : zonedDateTimeToInstant(dateAfter(date, end.days), end.time, zone).getTime();
        rows.push({
          ...first,
          id: i === 0 ? first.id : newId(),
          starts_at: startsAt,
          ends_at: endsAt,
          over_at: overAt(startsAt, endsAt),
          series_id: seriesId,
          series_position: i,
          series_date: date,
          series_rule: copy,
        });
      }
    }
    return rows;
  };

  // A large load is faster with the secondary indexes (and SQLite's FTS triggers) set aside and built
  // once at the end than updated row by row. They are rebuilt from their own saved definitions, even
  // if the load fails half-way; searches are slow in the meantime, so load before serving traffic.
  const deferred = count >= BULK_THRESHOLD ? await setAsideIndexes(store) : [];
  let done = 0;
  try {
    while (done < count) {
      await db.transaction().execute(async (trx) => {
        for (let b = 0; b < batchesPerTransaction && done < count; b++) {
          const rows = makeRows(Math.min(batchSize, count - done));
          await trx.insertInto('events').values(rows).execute();
          if (seriesRows.length > 0) await trx.insertInto('series').values(seriesRows.splice(0)).execute();
          done += rows.length;
        }
      });
      options.onProgress?.(done, count);
    }
  } finally {
    for (const definition of deferred) await sql.raw(definition).execute(db);
    if (deferred.length > 0 && dialect === 'sqlite') {
      await sql`insert into events_fts(events_fts) values ('rebuild')`.execute(db);
    }
  }
  // Fresh statistics so the query planner picks the indexes the data deserves.
  if (dialect === 'postgres') {
    await sql`vacuum analyze events`.execute(db);
  } else {
    await sql`insert into events_fts(events_fts) values ('optimize')`.execute(db);
    await sql`analyze`.execute(db);
  }
}

const BULK_THRESHOLD = 20_000;

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** 'HH:MM' of an instant on the wall clock of `zone`. */
function wallTime(ms: number, zone: string): string {
  return dateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

/** Series in generated data: one event in about 73 starts one of 4 to 12 dates, so a tenth of the rows are in one. */
const SERIES_MIN = 4;
const SERIES_MAX = 12;
const SERIES_START = 0.1 / (0.9 * ((SERIES_MIN + SERIES_MAX) / 2) + 0.1);

/** Drop the events table's secondary indexes and triggers; returns the statements that recreate them. */
async function setAsideIndexes({ db, dialect }: Store): Promise<string[]> {
  if (dialect === 'postgres') {
    await sql`set maintenance_work_mem = '256MB'`.execute(db).catch(() => undefined);
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = 'events'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db);
    for (const r of rows) await sql`drop index ${sql.id(r.indexname)}`.execute(db);
    return rows.map((r) => r.indexdef);
  }
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where tbl_name = 'events' and type in ('index', 'trigger') and sql is not null`.execute(db);
  for (const r of rows) {
    await sql.raw(`drop ${r.type === 'index' ? 'index' : 'trigger'} ${JSON.stringify(r.name)}`).execute(db);
  }
  return rows.map((r) => r.sql);
}

/**
 * The admin command (server/cli/commands/index.ts lists it): `generate-events N` against DATABASE_URL,
 * which the dispatcher has opened and migrated.
 */
export const generateEventsCommand: AdminCommand = {
  name: 'generate-events',
  args: 'N',
  summary: 'add N realistic approved events (benchmarks, demos)',
  async run(args, ctx) {
    const count = Number((args[0] ?? '').replaceAll('_', ''));
    if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
      throw new CliError('usage: npm run admin -- generate-events N   (N from 1 to 10,000,000)', 2);
    }
    const started = Date.now();
    let lastReport = 0;
    // A different text sequence for each load, so adding to a calendar does not repeat it.
    const existing = await ctx.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await generateEvents(ctx.store, count, {
      seed: 20231007 + Number(existing.n),
      onProgress: (done, total) => {
        if (Date.now() - lastReport > 5000 || done === total) {
          lastReport = Date.now();
          ctx.out(`${done.toLocaleString('en')} / ${total.toLocaleString('en')} events`);
        }
      },
    });
    ctx.out(`Added ${count.toLocaleString('en')} events in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  },
};
