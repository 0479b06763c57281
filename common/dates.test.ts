import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRelative, formatShortDate, formatZoneName, zoneCity } from './dateLabels';
import {
  calendarDay,
  calendarDaysBetween,
  formatEventDateTime,
  formatEventRange,
  formatShortDateTime,
  formatTime,
  isCalendarDate,
  isPast,
  sameOffset,
  zonedDateTimeToInstant,
} from './dates';

describe('formatting in the event’s own zone', () => {
  const iso = '2025-03-03T17:00:00.000Z';

  it('formats like "Monday, March 3, 2025 at 5:00 PM"', () => {
    expect(formatEventDateTime(iso, 'UTC')).toBe('Monday, March 3, 2025 at 5:00 PM');
  });

  it('shows the wall-clock time of the event’s zone, not the viewer’s', () => {
    expect(formatEventDateTime(iso, 'Asia/Gaza')).toBe('Monday, March 3, 2025 at 7:00 PM');
    expect(formatEventDateTime(iso, 'America/New_York')).toBe('Monday, March 3, 2025 at 12:00 PM');
    // Crossing midnight changes the day too.
    expect(formatEventDateTime('2025-03-03T23:30:00Z', 'Asia/Tokyo')).toBe(
      'Tuesday, March 4, 2025 at 8:30 AM',
    );
  });

  it('has the other formats the pages use', () => {
    expect(formatLongDate(iso, 'UTC')).toBe('Monday, March 3, 2025');
    expect(formatTime(iso, 'UTC')).toBe('5:00 PM');
    expect(formatShortDate(iso, 'UTC')).toBe('Mar 3, 2025');
    expect(formatShortDateTime(iso, 'UTC')).toBe('Mar 3, 2025, 5:00 PM');
  });

  it('reads an end date given without a time as its whole day, and keeps an overnight event’s times', () => {
    // Sunday 29 November, 9:00 in Gaza, until Tuesday 1 December is over (midnight starting the 2nd).
    const start = '2026-11-29T07:00:00Z';
    const untilTuesday = '2026-12-01T22:00:00Z';
    expect(formatEventRange(start, untilTuesday, 'Asia/Gaza')).toBe(
      'Sunday, November 29 – Tuesday, December 1, 2026',
    );
    expect(formatEventRange(start, untilTuesday, 'Asia/Gaza', { withTimes: true })).toBe(
      'Sunday, November 29, 2026 at 9:00 AM – Tuesday, December 1, 2026',
    );
    // A vigil from 9 PM to 6 AM is one night, not two days.
    expect(formatEventRange('2026-11-28T21:00:00Z', '2026-11-29T06:00:00Z', 'Europe/London')).toBe(
      'Saturday, November 28, 2026 at 9:00 PM – Sunday, November 29, 2026 at 6:00 AM',
    );
    // Days with an end time keep it.
    expect(formatEventRange(start, '2026-12-01T16:00:00Z', 'Asia/Gaza')).toBe(
      'Sunday, November 29 – Tuesday, December 1, 2026',
    );
  });

  it("isolates Urdu's Latin times left to right, which its right-to-left line would scramble", () => {
    const range = formatEventRange('2026-11-28T09:00:00Z', '2026-11-28T18:00:00Z', 'Europe/London', {
      locale: 'ur',
    });
    expect(range).toBe('ہفتہ، 28 نومبر، 2026 \u20669:00 AM – 6:00 PM\u2069');
    expect(formatEventDateTime('2026-11-28T09:00:00Z', 'Europe/London', 'ur')).toBe(
      'ہفتہ، 28 نومبر، 2026 کو \u20669:00 AM\u2069',
    );
    // Arabic writes its own ص and م; English is left to right already: untouched.
    expect(formatEventDateTime('2026-11-28T09:00:00Z', 'Europe/London', 'ar')).not.toMatch(/[\u2066\u2069]/);
    expect(formatEventDateTime(iso, 'UTC')).not.toMatch(/[\u2066\u2069]/);
  });

  it('uses plain spaces, never the narrow no-break space ICU puts before AM/PM', () => {
    expect(formatTime(iso, 'UTC')).not.toMatch(/[\u202f\u00a0]/);
  });

  it('names zones and their cities', () => {
    expect(formatZoneName(iso, 'Asia/Gaza')).toBe('GMT+2');
    expect(formatZoneName('2025-07-01T12:00:00Z', 'Asia/Gaza')).toBe('GMT+3');
    expect(zoneCity('America/New_York')).toBe('New York');
    expect(sameOffset(iso, 'Europe/London', 'UTC')).toBe(true);
    expect(sameOffset('2025-07-01T12:00:00Z', 'Europe/London', 'UTC')).toBe(false);
  });
});

describe('calendar days', () => {
  it('gives the day of an instant on the wall calendar of each zone asked, one after another', () => {
    const lateUtc = '2026-11-27T23:30:00Z';
    expect(calendarDay(lateUtc, 'UTC')).toBe('2026-11-27');
    expect(calendarDay(lateUtc, 'Asia/Gaza')).toBe('2026-11-28');
    expect(calendarDay(new Date(lateUtc), 'America/Los_Angeles')).toBe('2026-11-27');
    expect(calendarDay('2026-01-01T04:00:00Z', 'America/New_York')).toBe('2025-12-31');
    expect(calendarDay(lateUtc, 'Asia/Gaza')).toBe('2026-11-28');
  });

  it('counts whole days between two instants on the viewer’s calendar', () => {
    // Tuesday 09:00 to Wednesday 19:00 in Gaza is tomorrow, though more than 24 hours away.
    expect(calendarDaysBetween('2026-11-24T07:00:00Z', '2026-11-25T17:00:00Z', 'Asia/Gaza')).toBe(1);
    // The same instants are two days apart in Los Angeles (Monday 23:00 to Wednesday 09:00), counted back.
    expect(calendarDaysBetween('2026-11-25T17:00:00Z', '2026-11-24T07:00:00Z', 'America/Los_Angeles')).toBe(
      -2,
    );
  });
});

describe('zonedDateTimeToInstant', () => {
  it('joins a date and a time in a zone into one instant', () => {
    expect(zonedDateTimeToInstant('2025-03-03', '17:00', 'Asia/Gaza').toISOString()).toBe(
      '2025-03-03T15:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2025-07-04', '09:30', 'America/Los_Angeles').toISOString()).toBe(
      '2025-07-04T16:30:00.000Z',
    );
  });

  it('follows daylight-saving time on either side of a change', () => {
    // Europe/London moves to BST on 2025-03-30 at 01:00 UTC.
    expect(zonedDateTimeToInstant('2025-03-29', '10:00', 'Europe/London').toISOString()).toBe(
      '2025-03-29T10:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2025-03-30', '10:00', 'Europe/London').toISOString()).toBe(
      '2025-03-30T09:00:00.000Z',
    );
    expect(zonedDateTimeToInstant('2025-10-26', '10:00', 'Europe/London').toISOString()).toBe(
      '2025-10-26T10:00:00.000Z',
    );
  });

  it('refuses days that do not exist', () => {
    expect(() => zonedDateTimeToInstant('2025-02-30', '10:00', 'UTC')).toThrow(RangeError);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('tomorrow')).toBe(false);
  });
});

describe('past and relative', () => {
  const now = new Date('2025-03-03T12:00:00Z');
  it('tells past from upcoming', () => {
    expect(isPast('2025-03-03T11:59:00Z', now)).toBe(true);
    expect(isPast('2025-03-03T12:01:00Z', now)).toBe(false);
  });
  it('gives a relative hint', () => {
    expect(formatRelative('2025-03-06T12:00:00Z', now)).toBe('in 3 days');
    expect(formatRelative('2025-03-03T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelative('2025-03-04T12:00:00Z', now)).toBe('tomorrow');
    expect(formatRelative('2025-03-04T11:30:00Z', now)).toBe('tomorrow');
    expect(formatRelative('2025-03-03T12:57:00Z', now)).toBe('in 1 hour');
    expect(formatRelative('2025-03-03T12:50:00Z', now)).toBe('in 50 minutes');
  });
});
