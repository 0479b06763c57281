import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { NO_SERIES } from '../../store/events';
import type { EventRow } from '../../store/schema';
import { eventCalendar, feedCalendar, foldByOctets, icsFileName } from './ics';

const row: EventRow = {
  id: 'AbCdEfGhIjKlMnOp',
  title: 'Vigil',
  description: 'Candles.',
  starts_at: Date.UTC(2027, 0, 10, 18, 0),
  timezone: 'Europe/Paris',
  city: 'Paris',
  country: 'France',
  latitude: 48.85341,
  longitude: 2.3488,
  cell: 138 * 360 + 182,
  type: 'cultural',
  source_link: 'https://example.org/vigil',
  organizer: null,
  status: 'approved',
  verified: 0,
  created_by: 'user',
  created_at: Date.UTC(2026, 11, 1),
  updated_at: Date.UTC(2026, 11, 2),
  approved_at: Date.UTC(2026, 11, 2),
  search_text: '',
  location_text: '',
  ends_at: null,
  over_at: Date.UTC(2027, 0, 10, 20, 0),
  venue: null,
  address: null,
  attendance: 'in_person',
  join_url: null,
  place_visibility: 'everyone',
  place_hours_before: null,
  accessibility: null,
  schedule: 'scheduled',
  schedule_note: null,
  sequence: 0,
  version: 1,
  image: null,
  image_id: null,
  ...NO_SERIES,
};

describe('calendar text', () => {
  it('works for any PUBLIC_URL, including a dotless host or a one-digit port', () => {
    for (const publicUrl of ['http://localhost:0', 'http://calendar', 'https://cal.example.org:8443']) {
      const text = eventCalendar(row, { publicUrl, siteTitle: 'Site' });
      const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
      expect(event?.getFirstPropertyValue('url')).toBe(`${publicUrl}/event/${row.id}`);
      expect(event?.getFirstPropertyValue('uid')).toBe(`${row.id}@${new URL(publicUrl).host}`);
    }
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const line = `DESCRIPTION:${'فلسطين حرة 🇵🇸 '.repeat(20)}`;
    const folded = foldByOctets(`BEGIN:X\r\n${line}\r\nEND:X\r\n`);
    const lines = folded.split('\r\n');
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded).not.toContain('\uFFFD');
    expect(folded.replace(/\r\n /g, '')).toBe(`BEGIN:X\r\n${line}\r\nEND:X\r\n`);
  });

  it('escapes the calendar name and description of a feed', async () => {
    const text = await feedCalendar(
      [row],
      { publicUrl: 'https://x.org', siteTitle: 'S' },
      {
        name: 'Name, with; specials',
        description: 'Line one\nline two, end',
      },
    );
    // ical.js reads X- properties raw, so the escaped TEXT form is checked as written (RFC 5545 §3.3.11).
    expect(text).toContain('\r\nX-WR-CALNAME:Name\\, with\\; specials\r\n');
    expect(text).toContain('\r\nX-WR-CALDESC:Line one\\nline two\\, end\r\n');
    expect(new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')).toHaveLength(1);
  });

  it('keeps every event, in order, with its own URL, across formatting chunks and the cache', async () => {
    const site = { publicUrl: 'https://cal.example.org', siteTitle: 'S' };
    const rows = Array.from({ length: 23 }, (_, i) => ({
      ...row,
      id: `AbCdEfGhIjKl${String(i).padStart(4, '0')}`,
      title: `Event ${i}`,
      starts_at: row.starts_at + i * 3600_000,
    }));
    const read = (text: string) =>
      new ICAL.Component(ICAL.parse(text))
        .getAllSubcomponents('vevent')
        .map((c) => [c.getFirstPropertyValue('summary'), c.getFirstPropertyValue('url')]);
    const first = await feedCalendar(rows, site, { name: 'n', description: 'd' });
    expect(read(first)).toEqual(rows.map((r) => [r.title, `https://cal.example.org/event/${r.id}`]));
    // Served again from the cache: the same text.
    expect(await feedCalendar(rows, site, { name: 'n', description: 'd' })).toBe(first);
    // Any change to what an event shows is formatted again.
    const edited = rows.map((r, i) => (i === 5 ? { ...r, title: 'Renamed' } : r));
    expect(read(await feedCalendar(edited, site, { name: 'n', description: 'd' }))[5]?.[0]).toBe('Renamed');
  });

  it('makes a file name browsers keep', () => {
    expect(icsFileName('March for Gaza: London!')).toBe('march-for-gaza-london.ics');
    expect(icsFileName('مسيرة')).toBe('event.ics');
    expect(icsFileName('Café  "quoted"')).toBe('cafe-quoted.ics');
  });
});
