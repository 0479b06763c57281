import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, EventList } from '../../../common/schemas/events';
import {
  createEvent,
  createModerator,
  createUser,
  type EventOverrides,
  sessionCookieFor,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

const DAY = 24 * 3600 * 1000;
let server: TestServer;

async function list(query = ''): Promise<EventList> {
  const res = await server.fetch(`/api/events${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as EventList;
}

/** The calendar every test reads: `day` is the start, in days from now (negative: past). */
const EVENTS: (Omit<EventOverrides, 'startsAt'> & { day: number })[] = [
  { title: 'March for Gaza', city: 'London', country: 'United Kingdom', day: 2 },
  {
    title: 'Film night: Farha',
    type: 'cultural',
    city: 'Paris',
    country: 'France',
    day: 1,
    description: 'Screening and discussion about the NAKBA.',
  },
  { title: 'Teach-in on history', type: 'educational', city: 'Chicago', country: 'United States', day: 3 },
  {
    title: 'Online vigil',
    type: 'digital',
    attendance: 'online',
    city: 'Online',
    country: 'Worldwide',
    day: -2,
  },
  { title: 'Old rally', city: 'London', country: 'United Kingdom', day: -5 },
  { title: 'Pending picnic', status: 'pending', day: 1 },
  { title: 'Rejected thing', status: 'rejected', day: 1 },
  { title: 'Removed thing', status: 'removed', day: 1 },
  { title: '100% solidarity_day', city: 'Madrid', country: 'Spain', day: 4 },
];

/**
 * Noon (UTC) today: each event starts at noon of its day, so that "N days from now" is the N-th calendar
 * day whatever the hour the tests run (an event starting at 23:00 would reach into the next day).
 */
const NOON = (() => {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
})();

beforeAll(async () => {
  server = await startTestServer();
  for (const { day, ...event } of EVENTS) {
    await createEvent(server.store, { ...event, startsAt: NOON + day * DAY });
  }
});
afterAll(() => server.close());

describe('GET /api/events', () => {
  it('lists upcoming approved events, soonest first, with the total', async () => {
    const body = await list();
    expect(body.events.map((e) => e.title)).toEqual([
      'Film night: Farha',
      'March for Gaza',
      'Teach-in on history',
      '100% solidarity_day',
    ]);
    expect(body.total).toBe(4);
    expect(body.page).toBe(1);
  });

  it('lists past approved events latest first', async () => {
    const body = await list('?when=past');
    expect(body.events.map((e) => e.title)).toEqual(['Online vigil', 'Old rally']);
  });

  it('never lists pending, rejected or removed events', async () => {
    const titles = [...(await list()).events, ...(await list('?when=past')).events].map((e) => e.title);
    expect(titles).not.toContain('Pending picnic');
    expect(titles).not.toContain('Rejected thing');
    expect(titles).not.toContain('Removed thing');
  });

  it('searches title, description, city and country case-insensitively', async () => {
    expect((await list('?search=GAZA')).events.map((e) => e.title)).toEqual(['March for Gaza']);
    expect((await list('?search=nakba')).events.map((e) => e.title)).toEqual(['Film night: Farha']);
    expect((await list('?search=chicago')).events.map((e) => e.title)).toEqual(['Teach-in on history']);
    expect((await list('?search=fRANCE')).total).toBe(1);
    expect((await list('?search=nothing-like-this')).total).toBe(0);
  });

  it('treats % and _ in a search as plain text', async () => {
    expect((await list('?search=100%25')).events.map((e) => e.title)).toEqual(['100% solidarity_day']);
    expect((await list('?search=y_d')).events.map((e) => e.title)).toEqual(['100% solidarity_day']);
    expect((await list('?search=_')).total).toBe(1);
  });

  it('filters by location (city or country contains) and by type', async () => {
    expect((await list('?location=kingdom')).events.map((e) => e.title)).toEqual(['March for Gaza']);
    expect((await list('?location=par')).events.map((e) => e.title)).toEqual(['Film night: Farha']);
    expect((await list('?type=educational')).events.map((e) => e.title)).toEqual(['Teach-in on history']);
    expect((await list('?type=all')).total).toBe(4);
    expect((await list('?type=digital&when=past')).events.map((e) => e.title)).toEqual(['Online vigil']);
  });

  it('narrows to a range of days, and to events one can attend online', async () => {
    const day = (offset: number) => new Date(NOON + offset * DAY).toISOString().slice(0, 10);
    // Days in UTC (no tz): the events two and three days from now.
    const titles = (await list(`?from=${day(2)}&to=${day(3)}`)).events.map((e) => e.title);
    expect(titles).toEqual(['March for Gaza', 'Teach-in on history']);
    expect((await list(`?from=${day(-6)}&to=${day(-1)}&when=past`)).events.map((e) => e.title)).toEqual([
      'Online vigil',
      'Old rally',
    ]);
    expect((await list('?online=1&when=past')).events.map((e) => e.title)).toEqual(['Online vigil']);
    expect((await list('?online=1')).total).toBe(0);
  });

  it('paginates with a stable total', async () => {
    const first = await list('?pageSize=3&page=1');
    const second = await list('?pageSize=3&page=2');
    expect(first.events).toHaveLength(3);
    expect(second.events).toHaveLength(1);
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    const ids = new Set([...first.events, ...second.events].map((e) => e.id));
    expect(ids.size).toBe(4);
  });

  it.each([
    ['?type=concert', 'type must be one of'],
    ['?when=tomorrow', 'when must be'],
    ['?page=0', 'page must be at least 1'],
    ['?page=abc', 'page must be a whole number'],
    ['?pageSize=1000', 'pageSize must be at most 100'],
    [`?search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ['?period=tomorrow', 'period must be one of'],
    ['?from=2026-02-30', 'from must be a date such as 2026-11-28'],
    ['?from=2026-01-01&to=2030-01-01', 'A range of days can span at most 366 days'],
    ['?tz=Mars/Olympus', 'tz must be a time zone'],
    ['?online=maybe', 'online must be 1 or 0'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await server.fetch(`/api/events${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toContain(message);
  });

  it('presents events as the contract says, without the submitter id for visitors', async () => {
    const [event] = (await list('?search=gaza')).events as [EventDto];
    expect(event).toMatchObject({
      title: 'March for Gaza',
      location: { city: 'London', country: 'United Kingdom' },
      type: 'protest',
      status: 'approved',
      verified: false,
      timezone: 'Europe/London',
      submittedByViewer: false,
    });
    expect(new Date(event.date).toISOString()).toBe(event.date);
    expect(event).not.toHaveProperty('createdBy');
  });
});

describe('GET /api/events/:id', () => {
  it('returns an approved event to anyone', async () => {
    const event = await createEvent(server.store, { title: 'Visible' });
    const res = await server.fetch(`/api/events/${event.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as EventDto).title).toBe('Visible');
  });

  it('answers 404 for an id that does not exist or is not an id', async () => {
    for (const id of ['AAAAAAAAAAAAAAAA', 'nope', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(300)]) {
      const res = await server.fetch(`/api/events/${id}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toBe("The event you're looking for doesn't exist or has been removed.");
    }
  });

  it.each(['pending', 'rejected', 'removed'] as const)(
    'shows a %s event only to moderators and its submitter',
    async (status) => {
      const submitter = await createUser(server.store);
      const other = await createUser(server.store);
      const moderator = await createModerator(server.store);
      const event = await createEvent(server.store, { status, createdBy: submitter.id });
      const get = async (cookie?: string) =>
        server.fetch(`/api/events/${event.id}`, cookie ? { headers: { cookie } } : {});

      expect((await get()).status).toBe(404);
      expect((await get(await sessionCookieFor(server.store, other))).status).toBe(404);

      const own = await get(await sessionCookieFor(server.store, submitter));
      expect(own.status).toBe(200);
      const ownBody = (await own.json()) as EventDto;
      expect(ownBody.status).toBe(status);
      expect(ownBody.submittedByViewer).toBe(true);
      expect(ownBody).not.toHaveProperty('createdBy');

      const mod = await get(await sessionCookieFor(server.store, moderator));
      expect(mod.status).toBe(200);
      expect(((await mod.json()) as EventDto).createdBy).toBe(submitter.id);
    },
  );
});

describe('GET /api/health', () => {
  it('answers 200 once the database is reachable', async () => {
    const res = await server.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: server.store.dialect });
  });
});

describe('online events in the list', () => {
  it('are found by the location "online", whatever their city (none, for an online-only one)', async () => {
    const now = Date.now();
    const webinar = await createEvent(server.store, {
      title: 'Webinar on the siege',
      city: '',
      country: '',
      attendance: 'online',
      joinUrl: 'https://meet.example.org/siege',
      startsAt: now + 5 * DAY,
    });
    const hybrid = await createEvent(server.store, {
      title: 'Hybrid teach-in',
      city: 'Leeds',
      country: 'United Kingdom',
      attendance: 'both',
      joinUrl: 'https://meet.example.org/leeds',
      startsAt: now + 6 * DAY,
    });
    const inPerson = await createEvent(server.store, {
      title: 'Vigil at the town hall',
      city: 'Onlineville',
      country: 'United Kingdom',
      startsAt: now + 7 * DAY,
    });
    const ids = (await list('?location=online')).events.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([webinar.id, hybrid.id]));
    // The word means "can be attended online", not a place whose name holds it.
    expect(ids).not.toContain(inPerson.id);
    expect((await list('?location=onlinev')).events.map((e) => e.id)).toEqual([inPerson.id]);
    expect((await list('?location=leeds')).events.map((e) => e.id)).toEqual([hybrid.id]);
    // Each language's own word for it, as the location box's placeholder suggests, folded as search is.
    for (const word of [
      'en ligne',
      'عبر الإنترنت',
      'Çevrim İçi',
      'çevrimiçi',
      'DARING',
      'آن لائن',
      'en linea',
    ]) {
      const found = (await list(`?location=${encodeURIComponent(word)}&pageSize=100`)).events.map(
        (e) => e.id,
      );
      expect(found, word).toEqual(expect.arrayContaining([webinar.id, hybrid.id]));
      expect(found, word).not.toContain(inPerson.id);
    }
    const inLeeds = await list(`?location=${encodeURIComponent('en ligne, Leeds')}`);
    expect(inLeeds.events.map((e) => e.id)).toEqual([hybrid.id]);
  });

  it('keeps a running event in Upcoming, first, until it is over', async () => {
    const now = Date.now();
    const running = await createEvent(server.store, {
      title: 'Encampment running',
      startsAt: now - 2 * DAY,
      endsAt: now + DAY,
    });
    const body = await list('?pageSize=100');
    expect(body.events[0]?.id).toBe(running.id);
    expect((await list('?when=past&pageSize=100')).events.map((e) => e.id)).not.toContain(running.id);
  });
});
