import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_TIME, type NearKm } from '../../common/filters';
import type { ApiError } from '../../common/schemas/errors';
import type { EventList, ListEventsFilters, MonthEvents } from '../../common/schemas/events';
import { generateEvents } from '../cli/commands/generate-events';
import { foldText } from '../search/fold';
import { findCity } from '../search/gazetteer';
import {
  createEvent,
  createModerator,
  createUser,
  sessionCookieFor,
  validEventInput,
} from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { listApprovedEvents } from './events';
import type { EventRow } from './schema';

// "Near a city" (docs/PRODUCT.md#home) must give exactly what a plain great-circle distance over the
// events' own cities gives, combined with the other filters and paging, on either database.

const DAY = 24 * 3600 * 1000;
let server: TestServer;
let all: EventRow[];
const now = Date.now();

/** Towns around the cities searched below, their countries written in several ways. */
const TOWNS = [
  { city: 'Salford', country: 'UK' },
  { city: 'Oldham', country: 'United Kingdom' },
  { city: 'Stockport', country: 'GB' },
  { city: 'Bolton', country: 'United Kingdom' },
  { city: 'Leeds', country: 'United Kingdom' },
  { city: 'Liverpool', country: 'United Kingdom' },
  { city: 'Köln', country: 'Germany' },
  { city: 'Koln', country: 'Deutschland' },
  { city: 'Paris', country: 'France' },
  { city: 'Paris', country: 'United States' },
  { city: 'Fiji town nobody knows', country: 'Fiji' },
  // 100 km around Levuka (179.3° E) reaches across the 180th meridian; Suva is 92 km away.
  { city: 'Suva', country: 'Fiji' },
  { city: 'Levuka', country: 'Fiji' },
];

/** Search and location as the simple cases below use them: folded substrings of the event's fields. */
const holds = (fields: string[], word: string) => fields.some((f) => foldText(f).includes(foldText(word)));

/** The great-circle distance in km, by haversine: the plain reference. */
function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * r) / 2) ** 2 +
    Math.cos(a.latitude * r) *
      Math.cos(b.latitude * r) *
      Math.sin(((b.longitude - a.longitude) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

function reference(filters: ListEventsFilters, page: number, pageSize: number) {
  const center = filters.near ? findCity(filters.near) : null;
  const rows = all
    .filter((e) => e.status === 'approved')
    .filter((e) => (filters.when === 'past' ? e.over_at <= now : e.over_at > now))
    .filter((e) => filters.type === 'all' || e.type === filters.type)
    .filter((e) => !filters.online || e.attendance !== 'in_person')
    .filter((e) => !filters.search || holds([e.title, e.description, e.city, e.country], filters.search))
    .filter((e) => !filters.location || holds([e.city, e.country], filters.location))
    .filter((e) => {
      if (!filters.near) return true;
      if (!center || e.latitude === null || e.longitude === null) return false;
      return distanceKm(center, { latitude: e.latitude, longitude: e.longitude }) <= filters.km;
    })
    .sort((a, b) => {
      const byDate = filters.when === 'past' ? b.starts_at - a.starts_at : a.starts_at - b.starts_at;
      return byDate !== 0 ? byDate : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  return { ids: rows.slice((page - 1) * pageSize, page * pageSize).map((e) => e.id), total: rows.length };
}

async function actual(filters: ListEventsFilters, page: number, pageSize: number) {
  const { rows, total } = await listApprovedEvents(server.store.db, filters, { page, pageSize }, now);
  return { ids: rows.map((e) => e.id), total };
}

const filters = (over: Partial<ListEventsFilters>): ListEventsFilters => ({
  search: '',
  location: '',
  type: 'all',
  when: 'upcoming',
  ...ANY_TIME,
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  await generateEvents(server.store, 600, { seed: 11, now });
  const user = await createUser(server.store);
  for (const [i, town] of TOWNS.entries()) {
    await createEvent(server.store, {
      ...town,
      title: `Vigil in ${town.city}`,
      createdBy: user.id,
      startsAt: now + (i + 1) * DAY,
    });
    await createEvent(server.store, {
      ...town,
      title: `Past rally in ${town.city}`,
      createdBy: user.id,
      startsAt: now - (i + 2) * DAY,
    });
  }
  await createEvent(server.store, {
    city: 'Manchester',
    country: 'UK',
    title: 'Webinar from Manchester',
    attendance: 'online',
    joinUrl: 'https://meet.example.org/w',
    createdBy: user.id,
  });
  all = await server.store.db.selectFrom('events').selectAll().execute();
});
afterAll(() => server.close());

describe('events are placed by their city', () => {
  it('takes the city of that name in the country written, by any of its names, or none', () => {
    const at = (title: string) => all.find((e) => e.title === title);
    expect(at('Vigil in Salford')).toMatchObject({ latitude: 53.48771, longitude: -2.29042 });
    expect(at('Vigil in Koln')).toMatchObject({ latitude: 50.93333, longitude: 6.95 });
    expect(at('Vigil in Köln')?.latitude).toBe(at('Vigil in Koln')?.latitude);
    const paris = at('Vigil in Paris');
    expect(paris?.latitude).toBeCloseTo(48.85, 1);
    expect(
      all
        .filter((e) => e.title === 'Vigil in Paris')
        .map((e) => Math.round(e.latitude ?? 0))
        .sort(),
    ).toEqual([34, 49]);
    expect(at('Vigil in Fiji town nobody knows')).toMatchObject({ latitude: null, longitude: null });
    // Online only: nowhere, whatever city it names.
    expect(at('Webinar from Manchester')).toMatchObject({ latitude: null, longitude: null });
    // Every generated in-person event is in a gazetteer city.
    const generated = all.filter((e) => e.source_link.startsWith('https://example.org/events/'));
    expect(generated.filter((e) => e.attendance !== 'online').every((e) => e.latitude !== null)).toBe(true);
    expect(generated.filter((e) => e.attendance === 'online').every((e) => e.latitude === null)).toBe(true);
  });
});

describe('near a city', () => {
  it.each([
    ['Manchester, 10 km', filters({ near: 'Manchester', km: 10 })],
    ['Manchester, 25 km', filters({ near: 'manchester', km: 25 })],
    ['Manchester, 50 km', filters({ near: 'Manchester, UK', km: 50 })],
    ['Manchester, 100 km, past', filters({ near: 'Manchester', km: 100, when: 'past' })],
    ['London, with a type', filters({ near: 'London', km: 25, type: 'protest' })],
    ['London, online too', filters({ near: 'London', km: 50, online: true })],
    ['Paris in the United States', filters({ near: 'Paris, US', km: 50 })],
    ['Cologne without accents', filters({ near: 'koln', km: 10 })],
    ['across the 180th meridian', filters({ near: 'Levuka', km: 100 })],
    ['a city not known', filters({ near: 'Quokkaville', km: 100 })],
    ['with a search', filters({ near: 'Manchester', km: 50, search: 'vigil' })],
    ['with a location', filters({ near: 'Manchester', km: 100, location: 'leeds' })],
    // Words of one or two letters have no trigram index: each square's walk checks them.
    ['with a short search', filters({ near: 'Manchester', km: 50, search: 'ga' })],
    ['with a type, past', filters({ near: 'London', km: 100, type: 'cultural', when: 'past' })],
  ])('matches the reference: %s', async (_label, f) => {
    for (const [page, pageSize] of [
      [1, 20],
      [2, 20],
      [3, 7],
    ] as const) {
      expect(await actual(f, page, pageSize)).toEqual(reference(f, page, pageSize));
    }
  });

  it('walks each square in date order through events_near_idx', async () => {
    if (server.store.dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan
        select id, starts_at from events where status = 'approved' and cell = 52020 and starts_at >= 0
        order by starts_at, id limit 20`.execute(server.store.db);
      const detail = plan.rows.map((r) => r.detail).join(' ');
      expect(detail).toContain('events_near_idx');
      expect(detail).not.toContain('TEMP B-TREE FOR ORDER BY');
    } else {
      const { rows } = await sql<{ def: string }>`select indexdef as def from pg_indexes
        where indexname = 'events_near_idx'`.execute(server.store.db);
      expect(rows[0]?.def).toContain('(status, cell, starts_at, latitude, longitude)');
    }
  });

  it('finds nearby towns within the distance chosen, not far ones', async () => {
    const titles = async (near: string, km: NearKm) =>
      (await actual(filters({ near, km }), 1, 100)).ids.map((id) => all.find((e) => e.id === id)?.title);
    const ten = await titles('Manchester', 10);
    expect(ten).toContain('Vigil in Salford');
    expect(ten).not.toContain('Vigil in Bolton');
    const fifty = await titles('Manchester', 50);
    expect(fifty).toEqual(
      expect.arrayContaining([
        'Vigil in Salford',
        'Vigil in Oldham',
        'Vigil in Bolton',
        'Vigil in Stockport',
      ]),
    );
    expect(fifty).not.toContain('Vigil in Leeds');
    expect(await titles('Manchester', 100)).toContain('Vigil in Leeds');
    expect(await titles('Levuka', 100)).toContain('Vigil in Suva');
  });
});

describe('GET /api/events?near=', () => {
  const get = (query: string, headers: Record<string, string> = {}) =>
    server.fetch(`/api/events?${query}`, { headers });

  it('says which city it took, and lists its events', async () => {
    const res = await get('near=Manchester%2C%20GB&km=50&pageSize=100');
    expect(res.status).toBe(200);
    const body = (await res.json()) as EventList;
    expect(body.near).toEqual({
      city: { name: 'Manchester', country: 'GB', latitude: 53.48095, longitude: -2.23743 },
      km: 50,
    });
    expect(body.events.map((e) => e.title)).toContain('Vigil in Salford');
    expect(body.total).toBe(reference(filters({ near: 'Manchester, GB', km: 50 }), 1, 100).total);
    // Without near, no near in the answer.
    expect(((await (await get('')).json()) as EventList).near).toBeUndefined();
  });

  it('narrows the month view too', async () => {
    const salford = all.find((e) => e.title === 'Vigil in Salford');
    if (!salford) throw new Error('no Salford event');
    const month = new Date(salford.starts_at).toISOString().slice(0, 7);
    const res = await server.fetch(`/api/events/month?month=${month}&near=Salford&km=10`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as MonthEvents;
    const titles = body.days.flatMap((d) => d.events.map((e) => e.title));
    expect(titles).toContain('Vigil in Salford');
    const center = findCity('Salford');
    if (!center) throw new Error('no Salford');
    const near = (title: string) =>
      all.some(
        (e) =>
          e.title === title &&
          e.latitude !== null &&
          e.longitude !== null &&
          distanceKm(center, { latitude: e.latitude, longitude: e.longitude }) <= 10,
      );
    expect(titles.every(near)).toBe(true);
    const unknown = (await (
      await server.fetch(`/api/events/month?month=${month}&near=Quokkaville`)
    ).json()) as MonthEvents;
    expect(unknown.days.every((d) => d.total === 0)).toBe(true);
  });

  it('answers an unknown city with an empty list and a message with its code, in the request language', async () => {
    const res = await get('near=Quokkaville');
    expect(res.status).toBe(200);
    const body = (await res.json()) as EventList;
    expect(body).toMatchObject({ events: [], total: 0 });
    expect(body.near).toEqual({
      city: null,
      km: 25,
      message:
        'We don’t know a city called “Quokkaville”. Check its spelling, or add its country: “Paris, France”.',
      messageCode: 'near.unknownCity',
      messageParams: { city: 'Quokkaville' },
    });
    const french = (await (await get('near=Quokkaville&lang=fr')).json()) as EventList;
    expect(french.near?.message).toContain(
      'Nous ne connaissons pas de ville nommée «\u00a0Quokkaville\u00a0»',
    );
  });

  it('refuses an odd distance or an overlong city with a 4xx and a code, quickly', async () => {
    for (const km of ['7', 'far', '25.5', '-10', '1e9']) {
      const res = await get(`near=Leeds&km=${km}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiError).error.fieldCodes?.km?.code).toBe('param.oneOf');
    }
    const started = Date.now();
    const long = await get(`near=${'Manchester'.repeat(20)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as ApiError).error.fieldCodes?.near?.code).toBe('param.tooLong');
    // Hostile but short: punctuation, control characters, LIKE and SQL syntax find no city, quickly.
    for (const near of ["'; drop table events; --", '%_%', ',,,,', ', France', 'Paris,,FR', '\u202eParis']) {
      const res = await get(`near=${encodeURIComponent(near)}`);
      expect(res.status).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('positions follow the city', () => {
  it('on submission, an edit and an accepted change', async () => {
    const submitter = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, submitter);
    const moderator = await sessionCookieFor(server.store, await createModerator(server.store));
    const post = (path: string, body: unknown, as = cookie) =>
      server.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: as },
        body: JSON.stringify(body),
      });
    const row = async (id: string) =>
      server.store.db
        .selectFrom('events')
        .select(['latitude', 'longitude', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const created = await post('/api/events', validEventInput({ city: 'Salford', country: 'UK' }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await row(id)).toMatchObject({ latitude: 53.48771, longitude: -2.29042 });

    const edited = await post(`/api/events/${id}/edit`, {
      ...validEventInput({ city: 'Leeds', country: 'UK' }),
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(await row(id)).toMatchObject({ latitude: 53.79648, longitude: -1.54785 });

    // Published: the change waits, the position with it, until a moderator accepts it.
    const published = await createEvent(server.store, { city: 'Oldham', createdBy: submitter.id });
    const proposed = await post(`/api/events/${published.id}/edit`, {
      ...validEventInput({ city: 'Quokkaville', country: 'Nowhere' }),
      version: published.version,
    });
    const proposal = (await proposed.json()) as { outcome: string; event: { version: number } };
    expect(proposal.outcome).toBe('proposed');
    expect((await row(published.id)).latitude).toBeCloseTo(53.54, 2);
    const accepted = await post(
      `/api/moderation/events/${published.id}/accept-change`,
      { version: proposal.event.version },
      moderator,
    );
    expect(accepted.status).toBe(200);
    expect(await row(published.id)).toMatchObject({ latitude: null, longitude: null });
  });
});
