import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDay, dateTimeFormat } from '../../../common/dates';
import type { RepeatRule } from '../../../common/series';
import { seriesDates } from '../../series/rule';
import type { EventRow, SeriesRow } from '../../store/schema';
import { startTestServer, type TestServer } from '../../testing/harness';
import { generateEvents } from './generate-events';

// The bench's generated series (docs/PRODUCT.md#recurring-events) are made as the app makes them: the
// dates the app's rule code gives, each at the same wall-clock time in the event's zone on both sides
// of a daylight-saving change, its end as far after it.

let server: TestServer;
let series: SeriesRow[];
let rows: EventRow[];

const wallTime = (ms: number, zone: string) =>
  dateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(ms),
  );

beforeAll(async () => {
  server = await startTestServer();
  await generateEvents(server.store, 3000, { seed: 5, now: Date.UTC(2027, 2, 1, 12) });
  series = await server.store.db.selectFrom('series').selectAll().execute();
  rows = await server.store.db
    .selectFrom('events')
    .selectAll()
    .where('series_id', 'is not', null)
    .orderBy('series_id')
    .orderBy('series_position')
    .execute();
});
afterAll(() => server.close());

describe('generate-events: series', () => {
  it('makes about a tenth of the events dates of a series', async () => {
    const total = await server.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(series.length).toBeGreaterThan(10);
    expect(rows.length / Number(total.n)).toBeGreaterThan(0.05);
    expect(rows.length / Number(total.n)).toBeLessThan(0.2);
  });

  it('gives every series the dates of the app’s rule, at its wall-clock time in its zone, across clock changes', () => {
    let acrossAChange = 0;
    for (const s of series) {
      const dates = rows.filter((r) => r.series_id === s.id);
      const rule = JSON.parse(s.rule) as RepeatRule;
      expect(dates.map((r) => r.series_date)).toEqual(
        seriesDates({ date: s.first_date, time: s.time, timezone: s.timezone }, rule),
      );
      for (const row of dates) {
        expect(row.timezone).toBe(s.timezone);
        expect(calendarDay(new Date(row.starts_at), s.timezone)).toBe(row.series_date);
        expect(wallTime(row.starts_at, s.timezone)).toBe(s.time);
        if (row.ends_at !== null) {
          const first = dates[0];
          expect(wallTime(row.ends_at, s.timezone)).toBe(wallTime(first?.ends_at ?? 0, s.timezone));
        }
      }
      // UTC offsets that differ within one series: it crosses a daylight-saving change.
      const offsets = new Set(
        dates.map((r) => (r.starts_at - Date.parse(`${r.series_date}T${s.time}:00Z`)) / 60_000),
      );
      if (offsets.size > 1) acrossAChange += 1;
    }
    expect(acrossAChange).toBeGreaterThan(0);
  });
});

describe('generate-events: approvals', () => {
  it('approves nothing later than now: the feed lists the newest approvals first', async () => {
    const latest = await server.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('approved_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(Number(latest.at)).toBeLessThanOrEqual(Date.UTC(2027, 2, 1, 12));
  });
});
