import { describe, expect, it } from 'vitest';
import { listTimeZones } from './timezones';
import { canonicalZone, foldForSearch, resolveZone, searchZones, zoneName, zonePlace } from './zoneSearch';

const WINTER = new Date('2031-01-15T12:00:00Z');
const SUMMER = new Date('2031-07-15T12:00:00Z');
const first = (query: string, options: Parameters<typeof searchZones>[1] = {}) =>
  searchZones(query, { instant: WINTER, ...options })[0];

describe('zoneName', () => {
  it('names a zone by its place and offset, and by the event’s city when it lies there', () => {
    expect(zoneName('Africa/Johannesburg', WINTER)).toEqual({ place: 'Johannesburg', offset: 'GMT+2' });
    expect(zoneName('Africa/Johannesburg', WINTER, { city: 'Cape Town' })).toEqual({
      place: 'Cape Town',
      offset: 'GMT+2',
    });
    expect(zoneName('Africa/Johannesburg', WINTER, { city: ' cape  town ' }).place).toBe('Cape Town');
    expect(zoneName('Asia/Hebron', WINTER, { city: 'رام الله' }).place).toBe('Ramallah');
    // A city elsewhere does not rename the zone.
    expect(zoneName('Africa/Johannesburg', WINTER, { city: 'Paris' }).place).toBe('Johannesburg');
  });

  it('names the place in Arabic script on an Arabic or Urdu page, where the table has such a name', () => {
    expect(zoneName('Asia/Gaza', WINTER, { city: 'Gaza', locale: 'ar' }).place).toBe('غزة');
    expect(zoneName('Asia/Hebron', WINTER, { city: 'رام الله', locale: 'ar' }).place).toBe('رام الله');
    expect(zoneName('Asia/Hebron', WINTER, { city: 'Ramallah', locale: 'ur' }).place).toBe('رام الله');
    // The zone's own city, when the event's city is elsewhere or not given.
    expect(zoneName('Europe/London', WINTER, { locale: 'ar' }).place).toBe('لندن');
    expect(zoneName('Europe/London', WINTER, { city: 'Leeds', locale: 'ar' }).place).toBe('لندن');
    expect(zoneName('Asia/Karachi', WINTER, { city: 'Lahore', locale: 'ur' }).place).toBe('لاہور');
    // No such name: the table's own, as on every other page.
    expect(zoneName('Pacific/Honolulu', WINTER, { locale: 'ar' }).place).toBe('Honolulu');
    expect(zoneName('Asia/Gaza', WINTER, { city: 'غزة', locale: 'fr' }).place).toBe('Gaza');
  });

  it('uses the abbreviation as the offset where there is one, across daylight saving', () => {
    expect(zoneName('America/Los_Angeles', WINTER)).toEqual({ place: 'Los Angeles', offset: 'PST' });
    expect(zoneName('America/Los_Angeles', SUMMER)).toEqual({ place: 'Los Angeles', offset: 'PDT' });
    expect(zoneName('Europe/London', SUMMER)).toEqual({ place: 'London', offset: 'GMT+1' });
  });

  it('names an offset zone by its offset alone, never "UTC time (UTC)"', () => {
    expect(zoneName('UTC', WINTER)).toEqual({ place: null, offset: 'UTC' });
    expect(zoneName('Etc/GMT+5', WINTER)).toEqual({ place: null, offset: 'GMT-5' });
    expect(zonePlace('EST5EDT')).toBeNull();
  });

  it('names a zone by today’s name of its city whatever the runtime calls it', () => {
    expect(zonePlace('Asia/Kolkata')).toBe('Kolkata');
    expect(zonePlace('Asia/Calcutta')).toBe('Kolkata');
    expect(zonePlace('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});

describe('searchZones', () => {
  it.each([
    ['Gaza', 'Asia/Gaza', 'Gaza'],
    ['Ramallah', 'Asia/Hebron', 'Ramallah'],
    ['Jerusalem', 'Asia/Jerusalem', 'Jerusalem'],
    ['Beirut', 'Asia/Beirut', 'Beirut'],
    ['Amman', 'Asia/Amman', 'Amman'],
    ['Cairo', 'Africa/Cairo', 'Cairo'],
    ['London', 'Europe/London', 'London'],
    ['Glasgow', 'Europe/London', 'Glasgow'],
    ['Dublin', 'Europe/Dublin', 'Dublin'],
    ['Paris', 'Europe/Paris', 'Paris'],
    ['Berlin', 'Europe/Berlin', 'Berlin'],
    ['Madrid', 'Europe/Madrid', 'Madrid'],
    ['Rome', 'Europe/Rome', 'Rome'],
    ['Lisbon', 'Europe/Lisbon', 'Lisbon'],
    ['Istanbul', 'Europe/Istanbul', 'Istanbul'],
    ['New York', 'America/New_York', 'New York'],
    ['Chicago', 'America/Chicago', 'Chicago'],
    ['Los Angeles', 'America/Los_Angeles', 'Los Angeles'],
    ['Toronto', 'America/Toronto', 'Toronto'],
    ['Mexico City', 'America/Mexico_City', 'Mexico City'],
    ['Sao Paulo', 'America/Sao_Paulo', 'São Paulo'],
    ['Johannesburg', 'Africa/Johannesburg', 'Johannesburg'],
    ['Cape Town', 'Africa/Johannesburg', 'Cape Town'],
    ['Karachi', 'Asia/Karachi', 'Karachi'],
    ['Lahore', 'Asia/Karachi', 'Lahore'],
    ['Jakarta', 'Asia/Jakarta', 'Jakarta'],
    ['Sydney', 'Australia/Sydney', 'Sydney'],
    ['غزة', 'Asia/Gaza', 'Gaza'],
    ['cape', 'Africa/Johannesburg', 'Cape Town'],
    ['york', 'America/New_York', 'New York'],
  ])('finds %j: %s, named %j', (query, zone, place) => {
    expect(first(query)).toMatchObject({ zone: canonicalZone(zone), place });
  });

  it('finds zones by their name and abbreviation', () => {
    expect(first('Europe/Paris')).toMatchObject({ zone: 'Europe/Paris', place: 'Paris', offset: 'GMT+1' });
    expect(first('asia/kolkata')).toMatchObject({ place: 'Kolkata', offset: 'GMT+5:30' });
    expect(first('PST')).toMatchObject({ zone: 'America/Los_Angeles', place: 'Los Angeles', offset: 'PST' });
    expect(first('utc')).toMatchObject({ zone: 'UTC', place: null, offset: 'UTC' });
    expect(first('Kathmandu')?.offset).toBe('GMT+5:45');
  });

  it('names the suggestions in Arabic script on an Arabic or Urdu page, found by either name', () => {
    expect(first('London', { locale: 'ar' })).toMatchObject({ zone: 'Europe/London', place: 'لندن' });
    expect(first('لندن', { locale: 'ar' })).toMatchObject({ zone: 'Europe/London', place: 'لندن' });
    expect(first('Cape Town', { locale: 'ur' })).toMatchObject({ place: 'كيب تاون' });
    // By the zone's name, or the zone's own city when nothing is typed.
    expect(first('europe/paris', { locale: 'ar' })).toMatchObject({ zone: 'Europe/Paris', place: 'باريس' });
    expect(first('', { locale: 'ar', ownZone: 'Asia/Gaza' })).toMatchObject({
      zone: 'Asia/Gaza',
      place: 'غزة',
    });
    // A city the table has no such name for keeps its own; other languages keep the table's.
    expect(first('Honolulu', { locale: 'ar' })?.place).toBe('Honolulu');
    expect(first('لندن', { locale: 'fr' })?.place).toBe('London');
  });

  it('puts the viewer’s own zone first, and first of all when nothing is typed', () => {
    expect(searchZones('', { ownZone: 'America/Chicago', instant: WINTER })[0]).toEqual({
      zone: 'America/Chicago',
      place: 'Chicago',
      offset: 'CST',
    });
    // Both Londons of the table score alike; the viewer's zone wins the tie.
    expect(first('lo', { ownZone: 'Europe/London' })?.zone).toBe('Europe/London');
  });

  it('suggests each zone once, at most `limit`, and nothing for nonsense', () => {
    const options = searchZones('a', { limit: 8 });
    expect(options.length).toBe(8);
    expect(new Set(options.map((o) => o.zone)).size).toBe(8);
    expect(searchZones('Mars/Olympus')).toEqual([]);
  });

  it('answers quickly once warmed up', () => {
    searchZones('x');
    const started = performance.now();
    for (const query of ['a', 'e', 'lon', 'america', 'new', 'pst', 'z']) searchZones(query);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('resolveZone', () => {
  it('takes a table city or a zone name as a choice, and nothing else', () => {
    expect(resolveZone('Cape Town')).toEqual({ zone: 'Africa/Johannesburg', place: 'Cape Town' });
    expect(resolveZone('europe/london')).toEqual({ zone: 'Europe/London', place: 'London' });
    expect(resolveZone('Lon')).toBeNull();
    expect(resolveZone('utc')).toEqual({ zone: 'UTC', place: null });
    // ICU reads 'EST' as Panama (no summer time) and 'PST' as Los Angeles: abbreviations are searched.
    expect(resolveZone('EST')).toBeNull();
    expect(resolveZone('pst')).toBeNull();
    expect(resolveZone('Mars/Olympus')).toBeNull();
    expect(resolveZone('')).toBeNull();
  });

  it('folds case, accents and spacing', () => {
    expect(foldForSearch('  São_Paulo ')).toBe('sao paulo');
  });
});

describe('canonicalZone', () => {
  it('spells every zone as the runtime does, the zones it lists and their old names alike', () => {
    const spelled = (zone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    for (const zone of [
      ...listTimeZones(),
      'Asia/Kolkata',
      'Asia/Calcutta',
      'Europe/Kiev',
      'US/Eastern',
      'Etc/UTC',
      'utc',
    ]) {
      expect(canonicalZone(zone), zone).toBe(spelled(zone));
    }
    expect(canonicalZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalZone('EST')).toBeNull();
  });
});
