import { describe, expect, it } from 'vitest';
import { zoneName } from '../../../../common/zoneSearch';
import type { ZoneRef } from '../../../lib/useZoneName';
import { eventDateParts, splitBeforeTime } from './eventDate';

/** The zone a card names, as useZoneName reads it once its code is loaded. */
const named = (ref: ZoneRef | null) =>
  ref &&
  zoneName(ref.zone, ref.instant, {
    ...(ref.city ? { city: ref.city } : {}),
    ...(ref.locale ? { locale: ref.locale } : {}),
  });

// Monday 3 March 2031, 15:00 UTC = 17:00 in Jerusalem (GMT+2 before its summer time starts).
const ISO = '2031-03-03T15:00:00.000Z';
const NOW = new Date('2031-02-28T15:00:00.000Z');

describe('eventDateParts', () => {
  it('shows the wall-clock time in the event zone and names the zone when the viewer is elsewhere', () => {
    const parts = eventDateParts(ISO, 'Asia/Jerusalem', 'UTC', NOW);
    expect(parts.dateTime).toBe('Monday, March 3, 2031 at 5:00 PM');
    expect(parts.dateTimeLines).toEqual(['Monday, March 3, 2031 ', 'at 5:00 PM']);
    expect(named(parts.zone)).toEqual({ place: 'Jerusalem', offset: 'GMT+2' });
    expect(parts.viewerDateTime).toBe('Mar 3, 2031, 3:00 PM');
    expect(parts.relative).toBe('in 3 days');
    expect(parts.past).toBe(false);
  });

  it('counts the relative day and the phase from each moment it is asked, and everything else alike', () => {
    const before = eventDateParts(ISO, 'Asia/Jerusalem', 'UTC', NOW, { locale: 'fr' });
    const later = eventDateParts(ISO, 'Asia/Jerusalem', 'UTC', new Date('2031-03-03T16:00:00.000Z'), {
      locale: 'fr',
    });
    const after = eventDateParts(ISO, 'Asia/Jerusalem', 'UTC', new Date('2031-03-10T16:00:00.000Z'), {
      locale: 'fr',
    });
    expect([before.relative, later.relative, after.relative]).toEqual([
      'dans 3 jours',
      'aujourd’hui',
      'la semaine dernière',
    ]);
    expect([before.phase, later.phase, after.phase]).toEqual(['upcoming', 'happening', 'past']);
    expect(later.dateTime).toBe(before.dateTime);
    expect(eventDateParts(ISO, 'Asia/Jerusalem', 'UTC', NOW).dateTime).toBe(
      'Monday, March 3, 2031 at 5:00 PM',
    );
    expect(eventDateParts(ISO, 'Asia/Jerusalem', 'Asia/Jerusalem', NOW).zone).toBeNull();
  });

  it('gives the viewer’s time when it falls on another day of the viewer’s calendar', () => {
    // 15:00 UTC on Monday is 00:00 on Tuesday in Tokyo: a card listed under Tuesday says so.
    expect(eventDateParts(ISO, 'UTC', 'Asia/Tokyo', NOW).viewerTime).toBe('12:00 AM');
    // The same day on both calendars: the relative hint is enough.
    expect(eventDateParts(ISO, 'Asia/Jerusalem', 'UTC', NOW).viewerTime).toBeNull();
    expect(eventDateParts(ISO, 'UTC', 'UTC', NOW).viewerTime).toBeNull();
  });

  it('names no zone when the viewer clock shows the same time', () => {
    const parts = eventDateParts(ISO, 'Europe/London', 'UTC', NOW);
    expect(parts.dateTime).toBe('Monday, March 3, 2031 at 3:00 PM');
    expect(parts.zone).toBeNull();
    expect(parts.viewerDateTime).toBeNull();
  });

  it('compares offsets at the event instant, not today (summer time)', () => {
    // London is GMT+1 in July, so a UTC viewer sees a different clock then.
    const parts = eventDateParts('2031-07-01T12:00:00.000Z', 'Europe/London', 'UTC', NOW);
    expect(parts.dateTime).toBe('Tuesday, July 1, 2031 at 1:00 PM');
    expect(named(parts.zone)).toEqual({ place: 'London', offset: 'GMT+1' });
  });

  it('uses a readable city for zones with underscores', () => {
    const parts = eventDateParts(ISO, 'America/New_York', 'Asia/Jerusalem', NOW);
    expect(named(parts.zone)?.place).toBe('New York');
    expect(parts.dateTime).toBe('Monday, March 3, 2031 at 10:00 AM');
  });

  it('names the zone by the event’s city when it lies there, and an offset zone by its offset alone', () => {
    const capeTown = eventDateParts(ISO, 'Africa/Johannesburg', 'UTC', NOW, { city: 'Cape Town' });
    expect(named(capeTown.zone)).toEqual({ place: 'Cape Town', offset: 'GMT+2' });
    const losAngeles = eventDateParts(ISO, 'America/Los_Angeles', 'UTC', NOW, { city: 'Oakland' });
    expect(named(losAngeles.zone)).toEqual({ place: 'Oakland', offset: 'PST' });
    expect(named(eventDateParts(ISO, 'Etc/GMT-3', 'UTC', NOW).zone)).toEqual({
      place: null,
      offset: 'GMT+3',
    });
  });

  it('marks a date that has passed', () => {
    const parts = eventDateParts(ISO, 'UTC', 'UTC', new Date('2031-03-05T15:00:00.000Z'));
    expect(parts.past).toBe(true);
    expect(parts.relative).toBe('2 days ago');
  });

  it('reads a range: within one day with both times, across days as dates (docs/PRODUCT.md#events)', () => {
    const evening = eventDateParts('2025-03-03T17:00:00Z', 'UTC', 'UTC', NOW, {
      end: '2025-03-03T19:00:00Z',
    });
    expect(evening.dateTime).toBe('Monday, March 3, 2025, 5:00 – 7:00 PM');
    const encampment = { end: '2025-03-10T18:00:00Z' };
    expect(eventDateParts('2025-03-08T10:00:00Z', 'UTC', 'UTC', NOW, encampment).dateTime).toBe(
      'Saturday, March 8 – Monday, March 10, 2025',
    );
    expect(
      eventDateParts('2025-03-08T10:00:00Z', 'UTC', 'UTC', NOW, { ...encampment, withTimes: true }).dateTime,
    ).toBe('Saturday, March 8, 2025 at 10:00 AM – Monday, March 10, 2025 at 6:00 PM');
  });

  it('is happening from its start until its end, or for 2 hours without one; past after', () => {
    const start = '2031-03-03T15:00:00.000Z';
    const at = (iso: string, end?: string) =>
      eventDateParts(start, 'UTC', 'UTC', new Date(iso), { end }).phase;
    expect(at('2031-03-03T14:59:00Z')).toBe('upcoming');
    expect(at('2031-03-03T15:01:00Z')).toBe('happening');
    expect(at('2031-03-03T16:59:00Z')).toBe('happening');
    expect(at('2031-03-03T17:00:00Z')).toBe('past');
    expect(at('2031-03-04T12:00:00Z', '2031-03-05T15:00:00Z')).toBe('happening');
    expect(at('2031-03-05T15:00:00Z', '2031-03-05T15:00:00Z')).toBe('past');
  });

  it("counts the viewer's calendar days: Wednesday 7 PM seen on Tuesday morning is tomorrow", () => {
    // Wednesday 5 March 2031, 19:00 in New York; the viewer is in New York on Tuesday at 8 AM.
    const wednesday = '2031-03-06T00:00:00.000Z';
    const tuesdayMorning = new Date('2031-03-04T13:00:00.000Z');
    const hint = (now: Date, zone = 'America/New_York') =>
      eventDateParts(wednesday, 'America/New_York', zone, now).relative;
    expect(hint(tuesdayMorning)).toBe('tomorrow');
    // The same day, hours before: today, not "in 11 hours".
    expect(hint(new Date('2031-03-05T13:00:00.000Z'))).toBe('today');
    // Monday night at 23:30: two calendar days, though only 43 hours.
    expect(hint(new Date('2031-03-04T04:30:00.000Z'))).toBe('in 2 days');
    // Seen from Tokyo it is already Thursday morning there: today, on the viewer's calendar.
    expect(hint(new Date('2031-03-05T23:00:00.000Z'), 'Asia/Tokyo')).toBe('today');
  });
});

describe('splitBeforeTime', () => {
  it('keeps the connecting word with the time, and the pieces join back to the whole', () => {
    const whole = 'Monday, March 3, 2031 at 5:00 PM';
    expect(splitBeforeTime(whole, '5:00 PM')).toEqual(['Monday, March 3, 2031 ', 'at 5:00 PM']);
    expect(splitBeforeTime(whole, '5:00 PM').join('')).toBe(whole);
  });

  it('splits after a comma when there is no connecting word', () => {
    expect(splitBeforeTime('Monday, March 3, 2031, 5:00 PM', '5:00 PM')).toEqual([
      'Monday, March 3, 2031, ',
      '5:00 PM',
    ]);
  });

  it('leaves text it cannot split whole', () => {
    expect(splitBeforeTime('17:00, lundi 3 mars 2031', '17:00')).toEqual(['17:00, lundi 3 mars 2031', '']);
  });
});
