import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../common/enums';
import { ANY_TIME } from '../../common/filters';
import { addDays, periodWindow } from '../../common/periods';
import type { ListEventsFilters } from '../../common/schemas/events';
import { generateEvents } from '../cli/commands/generate-events';
import { countryCodeOf } from '../search/countries';
import { foldText } from '../search/fold';
import { isOnlineWord } from '../search/onlineWords';
import { createEvent, createUser } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { listApprovedEvents } from './events';
import type { EventRow } from './schema';

// The indexed search (FTS5 trigram on SQLite, pg_trgm on PostgreSQL) must give exactly what a plain
// case-insensitive substring match gives, on whichever database this project runs.

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
let server: TestServer;
let all: EventRow[];
const now = Date.now();
const today = new Date(now).toISOString().slice(0, 10);

const TRICKY = [
  { title: '100% solidarity_day', city: 'Madrid', country: 'Spain' },
  { title: 'Say "free Palestine"', city: 'Gaza City', country: 'Palestine' },
  { title: 'Ağıt gecesi', city: 'İstanbul', country: 'Türkiye' },
  { title: 'وقفة تضامنية', city: 'عمان', country: 'الأردن' },
  { title: 'Emoji 🍉 watermelon night', city: 'Malmö', country: 'Sweden' },
  { title: 'Back\\slash * star ^ caret: colon', city: 'São Paulo', country: 'Brazil' },
  { title: 'AND OR NOT NEAR', city: 'Zürich', country: 'Switzerland' },
  { title: 'Café conversations', city: 'Berlin', country: 'Deutschland' },
  { title: 'Night vigil', city: 'Manchester', country: 'UK' },
  { title: 'Kyiv solidarity evening', city: 'Kyiv', country: 'Ukraine' },
  { title: 'Teach-in', city: 'Chicago', country: 'USA' },
  { title: 'Teach-in two', city: 'Boston', country: 'United States' },
  {
    title: 'National March for Palestine',
    description: 'From Marble Arch, for Gaza.',
    city: 'London',
    country: 'United Kingdom',
  },
];

async function reloadAll(): Promise<void> {
  all = await server.store.db.selectFrom('events').selectAll().execute();
}

/** What search means (docs/PRODUCT.md#home), spelled out in JavaScript over the event's own fields. */
const words = (text: string) =>
  foldText(text)
    .replace(/[\p{Cc}\p{Co}]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

function placeMatches(e: EventRow, location: string): boolean {
  const places = [e.city, e.country, ...(e.attendance === 'in_person' ? [] : ['online'])].map(foldText);
  return location.split(',').every((part) => {
    const whole = words(part).join(' ');
    if (!whole) return true;
    // A word for "online" in any of the app's languages finds the events one can attend online.
    // Never a folded word (words hold no line break).
    const ONLINE = '\nonline\n';
    const online = (term: string) => (isOnlineWord(term) ? ONLINE : term);
    const units =
      countryCodeOf(whole) || !whole.includes(' ') || isOnlineWord(whole)
        ? [online(whole)]
        : words(whole).map(online);
    return units.every((unit) => {
      if (unit === ONLINE) return e.attendance !== 'in_person';
      const code = countryCodeOf(unit);
      if (!code) return places.some((p) => p.includes(unit));
      if (countryCodeOf(e.country) === code) return true;
      return [...unit].length >= 4 ? places.some((p) => p.includes(unit)) : places.includes(unit);
    });
  });
}

function textMatches(e: EventRow, search: string): boolean {
  const fields = [
    e.title,
    e.description,
    e.city,
    e.country,
    ...(e.attendance === 'in_person' ? [] : ['online']),
  ];
  const folded = fields.map(foldText);
  return words(search).every((word) => folded.some((f) => f.includes(word)));
}

function reference(filters: ListEventsFilters, page: number, pageSize: number) {
  const rows = all
    .filter((e) => e.status === 'approved')
    // Upcoming: not over yet (docs/PRODUCT.md#events); the running ones come first as they started first.
    .filter((e) => (filters.when === 'past' ? e.over_at <= now : e.over_at > now))
    .filter((e) => filters.type === 'all' || e.type === filters.type)
    .filter((e) => textMatches(e, filters.search) && placeMatches(e, filters.location))
    .filter((e) => !filters.online || e.attendance !== 'in_person')
    .filter((e) => {
      const window = periodWindow(filters, now);
      return !window || (e.starts_at < window.to && e.over_at > window.from);
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

beforeAll(async () => {
  server = await startTestServer();
  // Enough rows that common terms take the "walk the date index" path and rare ones the FTS path.
  await generateEvents(server.store, 700, { seed: 7, now });
  const user = await createUser(server.store);
  for (const [i, e] of TRICKY.entries()) {
    await createEvent(server.store, { ...e, createdBy: user.id, startsAt: now + (i + 1) * DAY });
  }
  // Running now: one that started an hour ago (default length), one in its third day of five, one
  // that started two days ago and ended a minute ago (past), one that ended just now (past).
  for (const [title, startsAt, endsAt] of [
    ['Vigil running in London', now - HOUR, null],
    ['Encampment day three in London', now - 2 * DAY, now + 3 * DAY],
    ['Encampment just over in London', now - 2 * DAY, now - 60_000],
    ['Rally over this instant in London', now - 2 * HOUR, null],
  ] as const) {
    await createEvent(server.store, { title, startsAt, endsAt, createdBy: user.id });
  }
  await createEvent(server.store, {
    title: 'Pending march in London',
    status: 'pending',
    createdBy: user.id,
  });
  await reloadAll();
});
afterAll(() => server.close());

const filters = (over: Partial<ListEventsFilters>): ListEventsFilters => ({
  search: '',
  location: '',
  type: 'all',
  when: 'upcoming',
  ...ANY_TIME,
  ...over,
});

describe('upcoming and past', () => {
  it('keeps events that started and are not over in Upcoming, first; over ones are past', async () => {
    const upcoming = (await actual(filters({}), 1, 50)).ids.map((id) => all.find((e) => e.id === id));
    const titles = (ids: string[]) => ids.map((id) => all.find((e) => e.id === id)?.title);
    const started = upcoming.filter((e) => e && e.starts_at < now).map((e) => e?.title);
    expect(started).toEqual(
      expect.arrayContaining(['Encampment day three in London', 'Vigil running in London']),
    );
    // Those that started come first (they started before the others).
    expect(upcoming.slice(0, started.length).every((e) => e && e.starts_at < now)).toBe(true);
    expect(started.indexOf('Encampment day three in London')).toBeLessThan(
      started.indexOf('Vigil running in London'),
    );
    const past = titles((await actual(filters({ when: 'past', location: 'london' }), 1, 100)).ids);
    expect(past).toContain('Encampment just over in London');
    expect(past).toContain('Rally over this instant in London');
    expect(past).not.toContain('Vigil running in London');
    // A page that starts inside the running events and ends among those still to start, and pages
    // after them (the number of running events places those in the list that follows).
    for (const f of [
      filters({}),
      filters({ location: 'london' }),
      filters({ type: 'protest' }),
      filters({ search: 'running' }),
      filters({ search: 'in london', location: 'uk' }),
    ]) {
      for (const [page, size] of [
        [1, 1],
        [2, 1],
        [3, 1],
        [4, 1],
        [1, 5],
        [2, 5],
      ] as const) {
        expect(await actual(f, page, size)).toEqual(reference(f, page, size));
      }
    }
  });

  it('finds long running events through their own index, not by walking their days', async () => {
    if (server.store.dialect !== 'sqlite') return;
    const plan = await sql<{ detail: string }>`explain query plan
      select id from events where status = 'approved' and over_at - starts_at > 86400000
      and starts_at >= 0 and starts_at < 1 and over_at > 1`.execute(server.store.db);
    expect(plan.rows.map((r) => r.detail).join(' ')).toContain('events_long_idx');
  });
});

describe('indexed search', () => {
  it.each([
    ['very common word', filters({ search: 'the' })],
    ['common word', filters({ search: 'march' })],
    ['common word, past', filters({ search: 'vigil', when: 'past' })],
    ['rare word', filters({ search: 'dearborn' })],
    ['two characters', filters({ search: 'ga' })],
    ['one character', filters({ search: '_' })],
    ['percent', filters({ search: '100%' })],
    ['quotes', filters({ search: '"free' })],
    ['FTS syntax is plain text', filters({ search: 'and or not' })],
    ['star and caret', filters({ search: '* star ^' })],
    ['backslash', filters({ search: 'k\\s' })],
    ['Turkish', filters({ search: 'ağıt' })],
    ['Arabic', filters({ search: 'تضامن' })],
    ['emoji', filters({ search: '🍉 w' })],
    ['accented city', filters({ location: 'são' })],
    ['location, common', filters({ location: 'united' })],
    ['location and search', filters({ search: 'gaza', location: 'london' })],
    ['type and search', filters({ search: 'film', type: 'cultural' })],
    ['no match', filters({ search: 'zzzqqq' })],
    ['several words, any field, any order', filters({ search: 'gaza march' })],
    ['several words, one missing', filters({ search: 'gaza zzzqqq' })],
    ['without accents', filters({ search: 'cafe' })],
    ['Turkish without its letters', filters({ location: 'turkiye' })],
    ['country by short name', filters({ location: 'UK' })],
    ['country by another short name', filters({ location: 'usa' })],
    ['country by code', filters({ location: 'us' })],
    ['country by its own name', filters({ location: 'Germany' })],
    ['city and country', filters({ location: 'London, UK' })],
    ['city and country without a comma', filters({ location: 'manchester uk' })],
    ['online', filters({ location: 'online' })],
    ['online, in French', filters({ location: 'En Ligne' })],
    ['online, in Arabic', filters({ location: 'عبر الإنترنت' })],
    ['online, in Turkish, and a city', filters({ location: 'çevrim içi, london' })],
    ['today', filters({ period: 'today' })],
    ['this weekend, in Gaza', filters({ period: 'weekend', tz: 'Asia/Gaza' })],
    ['next 7 days, in Los Angeles', filters({ period: 'week', tz: 'America/Los_Angeles' })],
    ['this month, past', filters({ period: 'month', when: 'past' })],
    ['a range of days', filters({ from: addDays(today, 3), to: addDays(today, 40) })],
    ['a range of days, past', filters({ from: addDays(today, -400), to: addDays(today, -30), when: 'past' })],
    ['online only', filters({ online: true })],
    ['online only, this month, with search', filters({ online: true, period: 'month', search: 'the' })],
    [
      'a range and a location',
      filters({ from: addDays(today, -2), to: addDays(today, 60), location: 'london' }),
    ],
  ])('matches the reference search: %s', async (_label, f) => {
    for (const [page, pageSize] of [
      [1, 20],
      [2, 20],
      [5, 7],
    ] as const) {
      expect(await actual(f, page, pageSize)).toEqual(reference(f, page, pageSize));
    }
  });

  it('finds what a person means: several words, no accents, countries by any name', async () => {
    const titles = async (f: ListEventsFilters) =>
      (await actual(f, 1, 100)).ids.map((id) => all.find((e) => e.id === id)?.title);
    expect(await titles(filters({ search: 'gaza march' }))).toContain('National March for Palestine');
    expect(await titles(filters({ search: 'cafe' }))).toContain('Café conversations');
    expect(await titles(filters({ location: 'turkiye' }))).toContain('Ağıt gecesi');
    expect(await titles(filters({ location: 'Germany' }))).toContain('Café conversations');
    expect(await titles(filters({ location: 'DE' }))).toContain('Café conversations');
    const uk = await titles(filters({ location: 'UK' }));
    expect(uk).toEqual(expect.arrayContaining(['Night vigil', 'National March for Palestine']));
    expect(uk).not.toContain('Kyiv solidarity evening');
    const us = await titles(filters({ location: 'US' }));
    expect(us).toEqual(expect.arrayContaining(['Teach-in', 'Teach-in two']));
    expect(await titles(filters({ location: 'usa' }))).toEqual(us);
  });

  it('matches the reference search for any piece of any event text', async () => {
    const texts = all.map((e) => e.search_text);
    const term = fc
      .tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 9 }))
      .map(([text, start, length]) => {
        const chars = [...text];
        const from = start % chars.length;
        return chars
          .slice(from, from + length)
          .join('')
          .replace(/\s*\n\s*/g, ' ')
          .trim();
      })
      .filter((t) => t.length > 0);
    await fc.assert(
      fc.asyncProperty(
        term,
        fc.constantFrom('all', ...EVENT_TYPES),
        fc.constantFrom('upcoming', 'past'),
        fc.boolean(),
        async (t, type, when, asLocation) => {
          const f = filters({ type, when, ...(asLocation ? { location: t } : { search: t.toUpperCase() }) });
          expect(await actual(f, 1, 20)).toEqual(reference(f, 1, 20));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follows edits and deletions of events (the index is kept in step)', async () => {
    const [target] = all.filter((e) => e.status === 'approved' && e.starts_at >= now);
    if (!target) throw new Error('no upcoming event');
    await server.store.db
      .updateTable('events')
      .set({ title: 'Renamed', search_text: 'renamed\nquokkaphant\nnowhere\nnoland' })
      .where('id', '=', target.id)
      .execute();
    const found = await actual(filters({ search: 'quokkaphant' }), 1, 20);
    expect(found).toEqual({ ids: [target.id], total: 1 });
    const old = target.search_text.split('\n')[1] ?? '';
    const stillOld = await actual(filters({ search: old }), 1, 100);
    expect(stillOld.ids).not.toContain(target.id);

    await server.store.db.deleteFrom('events').where('id', '=', target.id).execute();
    expect(await actual(filters({ search: 'quokkaphant' }), 1, 20)).toEqual({ ids: [], total: 0 });
    await reloadAll();
  });

  it('reads search results through the trigram index', async () => {
    if (server.store.dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan
        select count(*) from events where status = 'approved'
        and events.rowid in (select rowid from events_fts where events_fts match '"dearborn"')`.execute(
        server.store.db,
      );
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('events_fts');
    } else {
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
        where tablename = 'events' and indexdef like '%gin_trgm_ops%'`.execute(server.store.db);
      expect(indexes.rows.map((r) => r.indexname).sort()).toEqual([
        'events_location_trgm_idx',
        'events_search_trgm_idx',
      ]);
    }
  });
});

describe('generate-events', () => {
  it('adds realistic approved events of every type, past and upcoming, some verified', async () => {
    const generated = all.filter((e) => e.source_link.startsWith('https://example.org/events/'));
    expect(generated.length).toBeGreaterThanOrEqual(699);
    expect(new Set(generated.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));
    expect(generated.every((e) => e.status === 'approved')).toBe(true);
    expect(generated.some((e) => e.starts_at < now - 365 * DAY)).toBe(true);
    expect(generated.some((e) => e.starts_at > now + 365 * DAY)).toBe(true);
    expect(new Set(generated.map((e) => e.country)).size).toBeGreaterThan(30);
    // Ends (some over several days), venues and addresses, online events with their link.
    expect(generated.filter((e) => e.ends_at !== null).length).toBeGreaterThan(200);
    expect(generated.some((e) => e.ends_at !== null && e.ends_at - e.starts_at > DAY)).toBe(true);
    expect(generated.every((e) => e.over_at > e.starts_at)).toBe(true);
    expect(generated.some((e) => e.address)).toBe(true);
    expect(generated.some((e) => e.attendance === 'online' && e.join_url?.startsWith('https://'))).toBe(true);
    expect(new Set(generated.map((e) => e.place_visibility)).size).toBe(3);
    const verified = generated.filter((e) => e.verified === 1).length / generated.length;
    expect(verified).toBeGreaterThan(0.1);
    expect(verified).toBeLessThan(0.6);
  });
});
