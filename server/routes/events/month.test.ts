import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '../../../common/dates';
import type { MonthEvents } from '../../../common/schemas/events';
import { createEvent } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const at = (day: string, hour: number) => Date.parse(`${day}T00:00:00Z`) + hour * HOUR;
let server: TestServer;

async function month(query: string): Promise<MonthEvents> {
  const res = await server.fetch(`/api/events/month${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MonthEvents;
}

/** Each day with events, as 'DD: total title, title…' for readable expectations. */
function summary(body: MonthEvents): string[] {
  return body.days
    .filter((d) => d.total > 0)
    .map((d) => `${d.day.slice(8)}: ${d.total} ${d.events.map((e) => e.title).join(', ')}`);
}

beforeAll(async () => {
  server = await startTestServer();
  const { store } = server;
  await createEvent(store, { title: 'Vigil', startsAt: at('2030-03-02', 18) });
  await createEvent(store, {
    title: 'Encampment',
    startsAt: at('2030-03-04', 9),
    endsAt: at('2030-03-06', 17),
  });
  // Four on one day: three shown, all counted, by start.
  await createEvent(store, { title: 'Late talk', type: 'educational', startsAt: at('2030-03-10', 19) });
  await createEvent(store, { title: 'Morning march', startsAt: at('2030-03-10', 9) });
  await createEvent(store, { title: 'Noon picnic', type: 'cultural', startsAt: at('2030-03-10', 12) });
  await createEvent(store, {
    title: 'Online panel',
    type: 'digital',
    attendance: 'online',
    joinUrl: 'https://meet.example.org/x',
    city: 'Online',
    country: 'Worldwide',
    startsAt: at('2030-03-10', 15),
  });
  // 23:30 UTC on the last day: still March in UTC, already April in Gaza.
  await createEvent(store, { title: 'Midnight reading', startsAt: at('2030-03-31', 23.5) });
  // Began in February, runs into March; ended in February; not public; next month.
  await createEvent(store, {
    title: 'Long camp',
    startsAt: at('2030-02-20', 10),
    endsAt: at('2030-03-02', 12),
  });
  await createEvent(store, { title: 'February fair', startsAt: at('2030-02-27', 10) });
  await createEvent(store, { title: 'Pending thing', status: 'pending', startsAt: at('2030-03-02', 10) });
  await createEvent(store, { title: 'Removed thing', status: 'removed', startsAt: at('2030-03-02', 11) });
  await createEvent(store, { title: 'April rally', startsAt: at('2030-04-02', 10) });
});
afterAll(() => server.close());

describe('GET /api/events/month', () => {
  it('answers each day of the month with its count and its first events, multi-day ones on each day', async () => {
    const body = await month('?month=2030-03');
    expect(body.month).toBe('2030-03');
    expect(body.tz).toBe('UTC');
    expect(body.perDay).toBe(3);
    expect(body.days.map((d) => d.day)).toHaveLength(31);
    expect(body.days[0]?.day).toBe('2030-03-01');
    expect(summary(body)).toEqual([
      '01: 1 Long camp',
      '02: 2 Long camp, Vigil',
      '04: 1 Encampment',
      '05: 1 Encampment',
      '06: 1 Encampment',
      '10: 4 Morning march, Noon picnic, Online panel',
      '31: 1 Midnight reading',
    ]);
    const vigil = body.days[1]?.events[1];
    expect(vigil).toEqual({
      id: expect.any(String),
      title: 'Vigil',
      date: new Date(at('2030-03-02', 18)).toISOString(),
      timezone: 'Europe/London',
      type: 'protest',
      schedule: 'scheduled',
      verified: false,
    });
    const encampment = body.days[3]?.events[0];
    expect(encampment?.endDate).toBe(new Date(at('2030-03-06', 17)).toISOString());
  });

  it('reads the days on the calendar of tz', async () => {
    const gaza = await month('?month=2030-03&tz=Asia/Gaza');
    expect(gaza.tz).toBe('Asia/Gaza');
    expect(summary(gaza)).not.toContainEqual(expect.stringMatching(/Midnight reading/));
    const april = await month('?month=2030-04&tz=Asia/Gaza');
    expect(summary(april)).toEqual(['01: 1 Midnight reading', '02: 1 April rally']);
  });

  it('applies search, location, type and online only', async () => {
    expect(summary(await month('?month=2030-03&type=cultural'))).toEqual(['10: 1 Noon picnic']);
    expect(summary(await month('?month=2030-03&online=1'))).toEqual(['10: 1 Online panel']);
    expect(summary(await month('?month=2030-03&search=camp'))).toEqual([
      '01: 1 Long camp',
      '02: 1 Long camp',
      '04: 1 Encampment',
      '05: 1 Encampment',
      '06: 1 Encampment',
    ]);
    expect(summary(await month('?month=2030-03&location=online'))).toEqual(['10: 1 Online panel']);
  });

  it('says which city a "near" search took, or that it knows none of that name', async () => {
    const found = await month('?month=2030-03&near=Manchester&km=50');
    expect(found.near?.city).toMatchObject({ name: 'Manchester', country: 'GB' });
    expect(found.near?.km).toBe(50);
    const unknown = await month('?month=2030-03&near=Quokkaville');
    expect(unknown.near?.city).toBeNull();
    expect(unknown.near?.messageCode).toBe('near.unknownCity');
    expect((await month('?month=2030-03')).near).toBeUndefined();
  });

  it('is the current month on the calendar of tz without one', async () => {
    const body = await month('?tz=Pacific/Kiritimati');
    expect(body.month).toBe(calendarDay(new Date(), 'Pacific/Kiritimati').slice(0, 7));
    expect((await month('')).month).toBe(new Date().toISOString().slice(0, 7));
  });

  it.each([
    ['?month=2030-13', 'month must be a month such as 2026-11'],
    ['?month=March', 'month must be a month such as 2026-11'],
    ['?month=2030-03&tz=Mars/Olympus', 'tz must be a time zone'],
    ['?month=2030-03&type=party', 'type must be one of'],
  ])('answers 400 with a clear message for %s', async (query, message) => {
    const res = await server.fetch(`/api/events/month${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toContain(message);
  });

  it('answers in bounded time for a month packed with events', async () => {
    const { store } = server;
    for (let i = 0; i < 200; i++)
      await createEvent(store, {
        title: `Busy ${i}`,
        startsAt: at('2030-06-15', 8) + (i % 12) * HOUR - DAY * (i % 3),
      });
    const body = await month('?month=2030-06');
    const busy = body.days.filter((d) => d.total > 0);
    expect(busy.map((d) => d.total).reduce((a, b) => a + b, 0)).toBe(200);
    expect(busy.every((d) => d.events.length === 3)).toBe(true);
  });
});
