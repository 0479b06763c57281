import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ID_PATTERN } from '../../../common/ids';
import { LIMITS } from '../../../common/limits';
import type { ApiError } from '../../../common/schemas/errors';
import type { EventDto, EventList } from '../../../common/schemas/events';
import { getEventById } from '../../store/events';
import { createUser, sessionCookieFor, validEventInput } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

type ErrorBody = ApiError;

/** A fresh signed-in user each time, so rate limits never leak between tests. */
async function signedIn() {
  const user = await createUser(server.store);
  return { user, cookie: await sessionCookieFor(server.store, user) };
}

async function submit(body: unknown, cookie?: string, contentType = 'application/json') {
  return server.fetch('/api/events', {
    method: 'POST',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function expectFieldError(body: unknown, field: string, message: string) {
  const { cookie } = await signedIn();
  const res = await submit(body, cookie);
  expect(res.status).toBe(400);
  const json = (await res.json()) as ErrorBody;
  expect(json.error.code).toBe('validation_failed');
  expect(json.error.fields?.[field]).toBe(message);
}

describe('POST /api/events: who may submit', () => {
  it('refuses a visitor with 401 and its message, and stores nothing', async () => {
    const before = await server.store.db.selectFrom('events').select('id').execute();
    const res = await submit(validEventInput());
    expect(res.status).toBe(401);
    const json = (await res.json()) as ErrorBody;
    expect(json.error).toMatchObject({
      code: 'unauthenticated',
      message: 'User must be authenticated to submit events',
    });
    const after = await server.store.db.selectFrom('events').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses an unknown or forged session cookie with 401', async () => {
    const res = await submit(validEventInput(), 'sid=not-a-real-session-token');
    expect(res.status).toBe(401);
  });

  it('checks sign-in before validating, so a visitor learns nothing from field errors', async () => {
    const res = await submit({});
    expect(res.status).toBe(401);
  });
});

describe('POST /api/events: a valid submission', () => {
  it('answers 201 with the created event: pending, unverified, created by the submitter', async () => {
    const { user, cookie } = await signedIn();
    const res = await submit(validEventInput(), cookie);
    expect(res.status).toBe(201);
    const event = (await res.json()) as EventDto;
    expect(event.id).toMatch(ID_PATTERN);
    expect(res.headers.get('location')).toBe(`/api/events/${event.id}`);
    expect(event).toMatchObject({
      title: 'March for Gaza',
      description: 'A peaceful march from the square to parliament.\nBring banners.',
      date: '2031-05-17T13:30:00.000Z',
      timezone: 'Europe/London',
      location: { city: 'London', country: 'United Kingdom' },
      type: 'protest',
      sourceLink: 'https://example.org/march',
      organizer: 'Palestine Solidarity Campaign',
      status: 'pending',
      verified: false,
      submittedByViewer: true,
    });
    expect(event).not.toHaveProperty('createdBy');
    const row = await getEventById(server.store.db, event.id);
    expect(row).toMatchObject({ status: 'pending', verified: 0, created_by: user.id });
  });

  it('lets the submitter open the pending event, while others and the public list do not see it', async () => {
    const { cookie } = await signedIn();
    const { cookie: otherCookie } = await signedIn();
    const created = (await (
      await submit({ ...validEventInput(), title: 'Unique vigil' }, cookie)
    ).json()) as EventDto;

    const own = await server.fetch(`/api/events/${created.id}`, { headers: { cookie } });
    expect(own.status).toBe(200);
    expect(((await own.json()) as EventDto).status).toBe('pending');
    expect(
      (await server.fetch(`/api/events/${created.id}`, { headers: { cookie: otherCookie } })).status,
    ).toBe(404);
    expect((await server.fetch(`/api/events/${created.id}`)).status).toBe(404);
    const list = (await (await server.fetch('/api/events?search=unique%20vigil')).json()) as EventList;
    expect(list.total).toBe(0);
  });

  it('ignores unknown fields, including attempts to publish, verify or attribute the event', async () => {
    const { user, cookie } = await signedIn();
    const other = await createUser(server.store);
    const res = await submit(
      {
        ...validEventInput(),
        status: 'approved',
        verified: true,
        createdBy: other.id,
        id: 'AAAAAAAAAAAAAAAA',
        isAdmin: true,
      },
      cookie,
    );
    expect(res.status).toBe(201);
    const event = (await res.json()) as EventDto;
    expect(event.id).not.toBe('AAAAAAAAAAAAAAAA');
    expect(event).toMatchObject({ status: 'pending', verified: false });
    expect((await getEventById(server.store.db, event.id))?.created_by).toBe(user.id);
  });

  it('trims text, and omits an organizer that is empty, blank or null', async () => {
    const { cookie } = await signedIn();
    const padded = {
      ...validEventInput(),
      title: '   Padded title  ',
      city: ' Paris ',
      country: '\tFrance\n',
      sourceLink: '  https://example.org/padded  ',
    };
    for (const organizer of ['', '   ', null, undefined]) {
      const res = await submit({ ...padded, organizer }, cookie);
      expect(res.status).toBe(201);
      const event = (await res.json()) as EventDto;
      expect(event).toMatchObject({
        title: 'Padded title',
        location: { city: 'Paris', country: 'France' },
        sourceLink: 'https://example.org/padded',
      });
      expect(event).not.toHaveProperty('organizer');
      expect((await getEventById(server.store.db, event.id))?.organizer).toBeNull();
    }
  });

  it('defaults the type to protest and accepts every event type', async () => {
    const { cookie } = await signedIn();
    const { type: _omitted, ...withoutType } = validEventInput();
    const res = await submit(withoutType, cookie);
    expect(((await res.json()) as EventDto).type).toBe('protest');
    for (const type of ['cultural', 'educational', 'digital']) {
      const typed = await submit({ ...validEventInput(), type }, cookie);
      expect(typed.status).toBe(201);
      expect(((await typed.json()) as EventDto).type).toBe(type);
    }
  });

  it('accepts past dates (an event may be recorded after it happened)', async () => {
    const { cookie } = await signedIn();
    const res = await submit({ ...validEventInput(), date: '2020-01-15', time: '09:00' }, cookie);
    expect(res.status).toBe(201);
    expect(((await res.json()) as EventDto).date).toBe('2020-01-15T09:00:00.000Z');
  });

  it('accepts fields exactly at their length limits', async () => {
    const { cookie } = await signedIn();
    const res = await submit(
      {
        ...validEventInput(),
        title: 't'.repeat(LIMITS.titleMax),
        description: 'd'.repeat(LIMITS.descriptionMax),
        city: 'c'.repeat(LIMITS.cityMax),
        country: 'k'.repeat(LIMITS.countryMax),
        organizer: 'o'.repeat(LIMITS.organizerMax),
        sourceLink: `https://example.org/${'p'.repeat(LIMITS.sourceLinkMax - 20)}`,
      },
      cookie,
    );
    expect(res.status).toBe(201);
  });
});

describe('POST /api/events: date, time and time zone become one instant', () => {
  it.each([
    ['2025-03-03', '17:00', 'Asia/Jerusalem', '2025-03-03T15:00:00.000Z'],
    ['2025-07-04', '18:00', 'America/New_York', '2025-07-04T22:00:00.000Z'],
    ['2025-03-30', '00:30', 'Europe/London', '2025-03-30T00:30:00.000Z'], // still GMT
    // 01:30 does not exist that night (clocks jump 01:00 → 02:00): it lands on 02:30 BST, one real instant.
    ['2025-03-30', '01:30', 'Europe/London', '2025-03-30T01:30:00.000Z'],
    ['2025-03-30', '12:00', 'Europe/London', '2025-03-30T11:00:00.000Z'], // BST, UTC+1
    ['2025-12-31', '23:59', 'Pacific/Auckland', '2025-12-31T10:59:00.000Z'],
    ['2025-06-01', '00:00', 'UTC', '2025-06-01T00:00:00.000Z'],
  ])('%s %s in %s is %s', async (date, time, timezone, iso) => {
    const { cookie } = await signedIn();
    const res = await submit({ ...validEventInput(), date, time, timezone }, cookie);
    expect(res.status).toBe(201);
    const event = (await res.json()) as EventDto;
    expect(event.date).toBe(iso);
    expect(event.timezone).toBe(timezone);
  });

  it('stores the zone as the runtime spells it', async () => {
    const { cookie } = await signedIn();
    const res = await submit({ ...validEventInput(), timezone: 'europe/london' }, cookie);
    expect(((await res.json()) as EventDto).timezone).toBe('Europe/London');
  });
});

describe('POST /api/events: validation (docs/PRODUCT.md#form-messages)', () => {
  const required: [string, string][] = [
    ['title', 'Event title is required'],
    ['description', 'Event description is required'],
    ['date', 'Event date is required'],
    ['time', 'Event time is required'],
    ['city', 'City is required'],
    ['country', 'Country is required'],
    ['sourceLink', 'Source link is required for verification'],
    ['timezone', 'Time zone is required'],
  ];

  it.each(required)('%s missing: "%s"', async (field, message) => {
    const body: Record<string, unknown> = validEventInput();
    delete body[field];
    await expectFieldError(body, field, message);
  });

  it.each(required)('%s blank after trimming: "%s"', async (field, message) => {
    await expectFieldError({ ...validEventInput(), [field]: ' \t\n ' }, field, message);
  });

  it('reports every missing field at once, keyed by field name', async () => {
    const { cookie } = await signedIn();
    const res = await submit({}, cookie);
    expect(res.status).toBe(400);
    const json = (await res.json()) as ErrorBody;
    expect(json.error.fields).toEqual(Object.fromEntries(required));
    expect(json.error.message).toBe('Event title is required');
  });

  it('stores a source link typed without a scheme as https (docs/PRODUCT.md#text-people-write)', async () => {
    const { cookie } = await signedIn();
    const res = await submit({ ...validEventInput(), sourceLink: ' example.org/teach-in ' }, cookie);
    expect(res.status).toBe(201);
    const event = (await res.json()) as EventDto;
    expect(event.sourceLink).toBe('https://example.org/teach-in');
    expect((await getEventById(server.store.db, event.id))?.source_link).toBe('https://example.org/teach-in');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org/file',
    'mailto:organiser@example.org',
  ])('refuses the source link %j: "The link must start with http:// or https://"', async (sourceLink) => {
    await expectFieldError(
      { ...validEventInput(), sourceLink },
      'sourceLink',
      'The link must start with http:// or https://',
    );
  });

  it.each([
    '/event/123',
    '../somewhere',
    '//example.org/protocol-relative',
    'https://',
    'http://exa mple.org',
    'https://example.org/a page',
    'https://example.org/\u0000nul',
    'https://facebook.com@evil.example/event',
    'https://user:secret@example.org/',
    'http://localhost/',
    'not a url at all',
  ])('refuses the source link %j with "Please enter a valid URL"', async (sourceLink) => {
    await expectFieldError({ ...validEventInput(), sourceLink }, 'sourceLink', 'Please enter a valid URL');
  });

  it.each([
    ['title', LIMITS.titleMax, 'Event title must be at most 200 characters'],
    ['description', LIMITS.descriptionMax, 'Event description must be at most 5000 characters'],
    ['city', LIMITS.cityMax, 'City must be at most 100 characters'],
    ['country', LIMITS.countryMax, 'Country must be at most 100 characters'],
    ['organizer', LIMITS.organizerMax, 'Organizer must be at most 200 characters'],
  ])('refuses a %s over %i characters', async (field, max, message) => {
    await expectFieldError({ ...validEventInput(), [field]: 'x'.repeat(max + 1) }, field, message);
  });

  it('refuses a source link over 2000 characters', async () => {
    await expectFieldError(
      { ...validEventInput(), sourceLink: `https://example.org/${'p'.repeat(LIMITS.sourceLinkMax)}` },
      'sourceLink',
      'Source link must be at most 2000 characters',
    );
  });

  it.each([
    ['date', '2025-02-30', 'Please enter a valid date'],
    ['date', '30/03/2025', 'Please enter a valid date'],
    ['date', '2025-3-3', 'Please enter a valid date'],
    ['time', '24:00', 'Please enter a valid time'],
    ['time', '5pm', 'Please enter a valid time'],
    ['time', '12:60', 'Please enter a valid time'],
    ['timezone', 'Mars/Olympus_Mons', 'Please choose a valid time zone'],
    // ICU would store 'EST' as America/Panama, an hour off New York all summer (docs/PRODUCT.md#text-people-write).
    ['timezone', 'EST', 'Please choose a valid time zone'],
    ['timezone', 'x'.repeat(100), 'Please choose a valid time zone'],
    ['type', 'concert', 'Event type must be one of: protest, cultural, educational, digital'],
  ])('refuses %s %j: "%s"', async (field, value, message) => {
    await expectFieldError({ ...validEventInput(), [field]: value }, field, message);
  });

  it.each([
    ['title', 42, 'Event title must be text'],
    ['description', { html: '<b>' }, 'Event description must be text'],
    ['date', 20250330, 'Event date must be text'],
    ['time', ['14:30'], 'Event time must be text'],
    ['city', true, 'City must be text'],
    ['sourceLink', { href: 'https://example.org' }, 'Source link must be text'],
    ['organizer', 7, 'Organizer must be text'],
    ['type', 3, 'Event type must be one of: protest, cultural, educational, digital'],
  ])('answers 400, never 500, for %s of the wrong type', async (field, value, message) => {
    await expectFieldError({ ...validEventInput(), [field]: value }, field, message);
  });

  it.each([
    ['a JSON array', '[]', 'application/json'],
    ['a JSON string', '"hello"', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['broken JSON', '{"title": ', 'application/json'],
    ['plain text', 'title=hello', 'text/plain'],
  ])('answers 4xx, never 500, for a body that is %s', async (_label, body, contentType) => {
    const { cookie } = await signedIn();
    const res = await submit(body, cookie, contentType);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const json = (await res.json()) as ErrorBody;
    expect(json.error.message).toBeTruthy();
  });

  it('refuses a body over the size limit with 413', async () => {
    const { cookie } = await signedIn();
    const res = await submit({ ...validEventInput(), description: 'x'.repeat(70 * 1024) }, cookie);
    expect(res.status).toBe(413);
  });
});

describe('POST /api/events: rate limit', () => {
  it('accepts 10 submissions an hour per person, then answers 429 with a clear message', async () => {
    // The middle of an hour, so the ten submissions cannot straddle two windows. Sessions are made after
    // the clock moves, or they would have expired long before 2032.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-02-02T10:20:00Z') });
    const { cookie } = await signedIn();
    for (let i = 0; i < 10; i++) expect((await submit(validEventInput(), cookie)).status).toBe(201);
    const refused = await submit(validEventInput(), cookie);
    expect(refused.status).toBe(429);
    const json = (await refused.json()) as ErrorBody;
    expect(json.error).toEqual({
      code: 'rate_limited',
      message:
        'You have submitted 10 events this hour, the most we accept. You can submit again in 40 minutes.',
      messageCode: 'rateLimit.submitHour',
      messageParams: { limit: 10, minutes: 40 },
    });
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    // Said when in the reader's language too, the wait written by Intl (a minute later: 39).
    vi.setSystemTime(new Date('2032-02-02T10:21:00Z'));
    const inArabic = await server.fetch('/api/events?lang=ar', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(validEventInput()),
    });
    expect(((await inArabic.json()) as ErrorBody).error.message).toBe(
      'بلغتَ الحد الأقصى لما نقبله من الفعاليات المُرسلة خلال ساعة (10). يمكنك الإرسال مجددًا خلال 39 دقيقة.',
    );

    // Someone else is not affected, and the next hour opens again.
    const { cookie: otherCookie } = await signedIn();
    expect((await submit(validEventInput(), otherCookie)).status).toBe(201);
    vi.setSystemTime(new Date('2032-02-02T11:00:01Z'));
    expect((await submit(validEventInput(), cookie)).status).toBe(201);
  });

  it('does not count submissions refused by validation', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-03-03T10:05:00Z') });
    const { cookie } = await signedIn();
    for (let i = 0; i < 12; i++)
      expect((await submit({ ...validEventInput(), title: '' }, cookie)).status).toBe(400);
    expect((await submit(validEventInput(), cookie)).status).toBe(201);
  });

  it('caps a day at 30 submissions', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-04-04T01:10:00Z') });
    const { cookie } = await signedIn();
    for (const hour of ['01', '02', '03']) {
      vi.setSystemTime(new Date(`2032-04-04T${hour}:10:00Z`));
      for (let i = 0; i < 10; i++) expect((await submit(validEventInput(), cookie)).status).toBe(201);
    }
    vi.setSystemTime(new Date('2032-04-04T04:10:00Z'));
    const refused = await submit(validEventInput(), cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      'You have submitted 30 events today, the most we accept. You can submit again in 20 hours.',
    );
  });
});

describe('POST /api/events: the event as it really happens', () => {
  it('stores an end, a venue and address, who sees them, accessibility notes', async () => {
    const { cookie } = await signedIn();
    const res = await submit(
      {
        ...validEventInput({ date: '2031-03-08', time: '10:00', endDate: '2031-03-10', endTime: '18:00' }),
        venue: 'Outside the embassy',
        address: '1 Embassy Row',
        placeVisibility: 'hours_before',
        placeHoursBefore: '6',
        accessibility: 'Step-free route',
      },
      cookie,
    );
    expect(res.status).toBe(201);
    const event = (await res.json()) as EventDto;
    expect(event).toMatchObject({
      date: '2031-03-08T10:00:00.000Z',
      endDate: '2031-03-10T18:00:00.000Z',
      attendance: 'in_person',
      venue: 'Outside the embassy',
      address: '1 Embassy Row',
      placeRule: { visibility: 'hours_before', hours: 6 },
      placeWithheld: false,
      accessibility: 'Step-free route',
      schedule: 'scheduled',
    });
    const row = await getEventById(server.store.db, event.id);
    expect(row).toMatchObject({ over_at: Date.UTC(2031, 2, 10, 18), place_hours_before: 6 });
  });

  it('takes a later end date without an end time as the end of that day, and no end time as no end', async () => {
    const { cookie } = await signedIn();
    const multi = (await (
      await submit(validEventInput({ date: '2031-03-08', time: '10:00', endDate: '2031-03-09' }), cookie)
    ).json()) as EventDto;
    expect(multi.endDate).toBe('2031-03-10T00:00:00.000Z');
    const open = (await (
      await submit(validEventInput({ endDate: '2031-05-17' }), cookie)
    ).json()) as EventDto;
    expect(open).not.toHaveProperty('endDate');
  });

  it.each([
    [{ endTime: '14:30' }, 'endTime', 'The event must end after it starts'],
    [{ endDate: '2031-05-16', endTime: '20:00' }, 'endTime', 'The event must end after it starts'],
    [{ endDate: '2031-05-16' }, 'endDate', 'The event must end after it starts'],
    [{ endDate: '2031-07-17', endTime: '10:00' }, 'endTime', 'An event can last at most 31 days'],
    [{ endTime: '25:00' }, 'endTime', 'Please enter a valid time'],
    [{ endDate: '2031-02-30' }, 'endDate', 'Please enter a valid date'],
    [{ attendance: 'online' }, 'joinUrl', 'A link to join is required for online events'],
    [
      { attendance: 'both', joinUrl: 'ftp://example.org/x' },
      'joinUrl',
      'The link must start with http:// or https://',
    ],
    [{ attendance: 'both', city: '' }, 'city', 'City is required'],
    [
      { placeVisibility: 'hours_before' },
      'placeHoursBefore',
      'Please choose a number of hours from 1 to 168',
    ],
    [
      { placeVisibility: 'hours_before', placeHoursBefore: '500' },
      'placeHoursBefore',
      'Please choose a number of hours from 1 to 168',
    ],
    [{ attendance: 'anyhow' }, 'attendance', 'How to attend must be one of: in_person, online, both'],
  ])('refuses %o: %s "%s"', async (fields, field, message) => {
    await expectFieldError({ ...validEventInput(), ...fields }, field, message);
  });

  it('lets an online-only event leave out city and country, and keeps no address for it', async () => {
    const { cookie } = await signedIn();
    const res = await submit(
      {
        ...validEventInput({ city: '', country: '' }),
        attendance: 'online',
        joinUrl: 'https://meet.example.org/webinar',
        address: 'Not used',
      },
      cookie,
    );
    expect(res.status).toBe(201);
    const event = (await res.json()) as EventDto;
    expect(event).toMatchObject({
      attendance: 'online',
      location: { city: '', country: '' },
      joinUrl: 'https://meet.example.org/webinar',
    });
    expect(event).not.toHaveProperty('address');
  });
});
