import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './timezones';

describe('isValidTimeZone', () => {
  it('accepts IANA zone names in any case, UTC and GMT', () => {
    for (const zone of [
      'Europe/London',
      'america/new_york',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT+5',
      'UTC',
      'gmt',
    ]) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses abbreviations ICU reads as other zones (EST is Panama’s), and unknown names', () => {
    for (const zone of [
      'EST',
      'PST',
      'IST',
      'CET',
      'EST5EDT',
      'Mars/Olympus',
      '../../etc/localtime',
      '',
      'UTC\u0000',
    ]) {
      expect(isValidTimeZone(zone), zone).toBe(false);
    }
  });
});
