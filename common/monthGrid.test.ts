import { describe, expect, it } from 'vitest';
import { daysOfMonth, formatMonthTitle, monthOf, monthWindows } from './monthGrid';
import { addMonths, firstDayOfWeek, monthWeeks, weekdayNames } from './monthLayout';

const HOUR = 3600 * 1000;

describe('monthOf', () => {
  it('is the month asked for, else the current one on the viewer calendar', () => {
    expect(monthOf('2026-02', '', Date.UTC(2026, 10, 26))).toBe('2026-02');
    // 23:30 UTC on 30 November is already December in Gaza, still November in New York.
    const now = Date.UTC(2026, 10, 30, 23, 30);
    expect(monthOf('', '', now)).toBe('2026-11');
    expect(monthOf('', 'Asia/Gaza', now)).toBe('2026-12');
    expect(monthOf('', 'America/New_York', now)).toBe('2026-11');
    expect(monthOf('2026-13', 'Asia/Gaza', now)).toBe('2026-12');
  });
});

describe('addMonths', () => {
  it('moves across years both ways', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
  });
});

describe('daysOfMonth', () => {
  it('knows the length of every month, leap years included', () => {
    expect(daysOfMonth('2026-01')).toHaveLength(31);
    expect(daysOfMonth('2026-04')).toHaveLength(30);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(daysOfMonth('2100-02')).toHaveLength(28);
    expect(daysOfMonth('2000-02')).toHaveLength(29);
    expect(daysOfMonth('2026-12').at(-1)).toBe('2026-12-31');
  });
});

describe('monthWindows', () => {
  it('reads the days on the viewer calendar, 23 or 25 hours long when the clocks change', () => {
    const utc = monthWindows('2026-03', '');
    expect(utc[0]).toEqual({ day: '2026-03-01', from: Date.UTC(2026, 2, 1), to: Date.UTC(2026, 2, 2) });
    const london = monthWindows('2026-03', 'Europe/London');
    const changes = london.find((d) => d.day === '2026-03-29');
    expect(changes && changes.to - changes.from).toBe(23 * HOUR);
    const gaza = monthWindows('2026-11', 'Asia/Gaza');
    // Gaza is two hours ahead of UTC in November: its day starts at 22:00 UTC the day before.
    expect(gaza[0]?.from).toBe(Date.UTC(2026, 9, 31, 22));
    expect(gaza.at(-1)?.to).toBe(Date.UTC(2026, 10, 30, 22));
    // The windows follow each other without gap or overlap.
    for (let i = 1; i < gaza.length; i++) expect(gaza[i]?.from).toBe(gaza[i - 1]?.to);
  });

  it('gives every request for a month and zone the same windows, which no caller can change', () => {
    const first = monthWindows('2026-10', 'America/New_York');
    expect(monthWindows('2026-10', 'America/New_York')).toEqual(first);
    expect(() => {
      (first as unknown as { day: string }[])[0] = { day: 'x' };
    }).toThrow(TypeError);
    expect(() => {
      (first[0] as { from: number }).from = 0;
    }).toThrow(TypeError);
    // Clocks go back on 1 November in New York: that day is 25 hours, and asked again it still is.
    const again = monthWindows('2026-11', 'America/New_York');
    expect(again[0] && again[0].to - again[0].from).toBe(25 * HOUR);
  });
});

describe('firstDayOfWeek', () => {
  it('is the locale first day of the week when Intl gives it, else Monday', () => {
    const intlKnows =
      typeof (new Intl.Locale('en-US') as { getWeekInfo?: unknown }).getWeekInfo === 'function' ||
      'weekInfo' in new Intl.Locale('en-US');
    if (intlKnows) {
      expect(firstDayOfWeek('en-US')).toBe(7);
      expect(firstDayOfWeek('fr')).toBe(1);
      expect(firstDayOfWeek('de')).toBe(1);
      expect(firstDayOfWeek('ar')).toBe(6);
    }
    expect(firstDayOfWeek('not a locale!')).toBe(1);
  });
});

describe('monthWeeks', () => {
  it('lays the month in weeks of 7 from the first day of the week', () => {
    // November 2026 begins on a Sunday and has 30 days.
    const monday = monthWeeks('2026-11', 1);
    expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(monday).toHaveLength(6);
    expect(monday.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    const sunday = monthWeeks('2026-11', 7);
    expect(sunday[0]?.[0]).toBe('2026-11-01');
    expect(sunday).toHaveLength(5);
    const saturday = monthWeeks('2026-11', 6);
    expect(saturday[0]).toEqual([
      null,
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
    ]);
    // February 2026 begins on a Sunday: four whole weeks when they start on Sunday.
    expect(monthWeeks('2026-02', 7)).toHaveLength(4);
    for (const weeks of [monday, sunday, saturday]) {
      expect(weeks.every((week) => week.length === 7)).toBe(true);
      expect(weeks.flat().filter(Boolean)).toEqual(daysOfMonth('2026-11'));
    }
  });
});

describe('names', () => {
  it('writes the weekdays from the first day, and the month, in the language', () => {
    expect(weekdayNames('en-US', 7, 'short')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('en-US', 1, 'long')[0]).toBe('Monday');
    expect(weekdayNames('fr', 1, 'long')[6]).toBe('dimanche');
    expect(formatMonthTitle('2026-11', 'en-US')).toBe('November 2026');
    expect(formatMonthTitle('2026-11', 'de')).toBe('November 2026');
    expect(formatMonthTitle('2026-05', 'fr')).toBe('mai 2026');
  });
});
