import { describe, expect, it } from 'vitest';
import { eventDateParts, splitBeforeTime } from './eventDate';

// Monday 3 March 2031, 15:00 UTC = 17:00 in Jerusalem (GMT+2 before its summer time starts).
const ISO = '2031-03-03T15:00:00.000Z';
const NOW = new Date('2031-02-28T15:00:00.000Z');

describe('eventDateParts', () => {
  it('shows the wall-clock time in the event zone and names the zone when the viewer is elsewhere', () => {
    const parts = eventDateParts(ISO, 'Asia/Jerusalem', 'UTC', NOW);
    expect(parts.dateTime).toBe('Monday, March 3, 2031 at 5:00 PM');
    expect(parts.dateTimeLines).toEqual(['Monday, March 3, 2031 ', 'at 5:00 PM']);
    expect(parts.zone).toEqual({ place: 'Jerusalem', offset: 'GMT+2' });
    expect(parts.viewerDateTime).toBe('Mar 3, 2031, 3:00 PM');
    expect(parts.relative).toBe('in 3 days');
    expect(parts.past).toBe(false);
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
    expect(parts.zone).toEqual({ place: 'London', offset: 'GMT+1' });
  });

  it('uses a readable city for zones with underscores', () => {
    const parts = eventDateParts(ISO, 'America/New_York', 'Asia/Jerusalem', NOW);
    expect(parts.zone?.place).toBe('New York');
    expect(parts.dateTime).toBe('Monday, March 3, 2031 at 10:00 AM');
  });

  it('names the zone by the event’s city when it lies there, and an offset zone by its offset alone', () => {
    const capeTown = eventDateParts(ISO, 'Africa/Johannesburg', 'UTC', NOW, undefined, 'Cape Town');
    expect(capeTown.zone).toEqual({ place: 'Cape Town', offset: 'GMT+2' });
    const losAngeles = eventDateParts(ISO, 'America/Los_Angeles', 'UTC', NOW, undefined, 'Oakland');
    expect(losAngeles.zone).toEqual({ place: 'Oakland', offset: 'PST' });
    expect(eventDateParts(ISO, 'Etc/GMT-3', 'UTC', NOW).zone).toEqual({ place: null, offset: 'GMT+3' });
  });

  it('marks a date that has passed', () => {
    const parts = eventDateParts(ISO, 'UTC', 'UTC', new Date('2031-03-05T15:00:00.000Z'));
    expect(parts.past).toBe(true);
    expect(parts.relative).toBe('2 days ago');
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
