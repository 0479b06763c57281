import { describe, expect, it } from 'vitest';
import { formatDayHeading, groupByDay } from './dayGroups';

const now = new Date('2026-11-24T10:00:00Z');
const ev = (id: string, date: string) => ({ id, date });

describe('groupByDay', () => {
  it('puts consecutive events of one calendar day of the viewer under one heading', () => {
    const groups = groupByDay(
      [
        ev('a', '2026-11-24T18:00:00Z'),
        ev('b', '2026-11-24T20:00:00Z'),
        ev('c', '2026-11-25T09:00:00Z'),
        ev('d', '2026-12-02T09:00:00Z'),
      ],
      'UTC',
      now,
      'upcoming',
    );
    expect(groups.map((g) => [g.day, g.offset, g.events.map((e) => e.id)])).toEqual([
      ['2026-11-24', 0, ['a', 'b']],
      ['2026-11-25', 1, ['c']],
      ['2026-12-02', 8, ['d']],
    ]);
  });

  it('reads the day on the viewer’s calendar, not UTC’s', () => {
    // 23:30 UTC on the 24th is already the 25th in Gaza (UTC+2) and still the 24th in New York.
    const late = [ev('a', '2026-11-24T23:30:00Z')];
    expect(groupByDay(late, 'Asia/Gaza', now, 'upcoming')[0]?.day).toBe('2026-11-25');
    expect(groupByDay(late, 'America/New_York', now, 'upcoming')[0]?.day).toBe('2026-11-24');
  });

  it('shows an upcoming event that started days ago under today, and a past one under its start', () => {
    const camp = ev('camp', '2026-11-21T08:00:00Z');
    expect(groupByDay([camp], 'UTC', now, 'upcoming')[0]).toMatchObject({ day: '2026-11-24', offset: 0 });
    expect(groupByDay([camp], 'UTC', now, 'past')[0]).toMatchObject({ day: '2026-11-21', offset: -3 });
  });

  it('keeps the list’s order and joins only neighbours', () => {
    const groups = groupByDay(
      [ev('a', '2026-11-26T10:00:00Z'), ev('b', '2026-11-25T10:00:00Z'), ev('c', '2026-11-26T12:00:00Z')],
      'UTC',
      now,
      'past',
    );
    expect(groups.map((g) => g.events.map((e) => e.id))).toEqual([['a'], ['b'], ['c']]);
  });
});

describe('formatDayHeading', () => {
  it('names the weekday and date, with the year only outside the current one', () => {
    expect(formatDayHeading('2026-11-29', now, 'UTC', 'en-US')).toBe('Sunday, November 29');
    expect(formatDayHeading('2027-01-02', now, 'UTC', 'en-US')).toBe('Saturday, January 2, 2027');
  });

  it('never shifts the date whatever the zone', () => {
    expect(formatDayHeading('2026-11-29', now, 'Pacific/Kiritimati', 'en-US')).toBe('Sunday, November 29');
    expect(formatDayHeading('2026-11-29', now, 'Pacific/Pago_Pago', 'en-US')).toBe('Sunday, November 29');
  });
});
