import { createEvents, type EventAttributes } from 'ics';
import type { EventRow } from '../../store/schema';
import { DEFAULT_EVENT_DURATION_MS, EVENT_TYPE_LABELS, eventPageUrl, publicHost } from './links';

/** What every calendar file needs to know about this site. */
export interface CalendarSite {
  publicUrl: string;
  siteTitle: string;
}

const PRODUCT_ID = '-//Palestine Solidarity Calendar//Events//EN';

/**
 * RFC 5545 says lines SHOULD NOT exceed 75 octets. The `ics` library folds at 75 characters, which
 * for Arabic or emoji text is up to four times too long, so its output is unfolded and folded again
 * by octets, never inside a UTF-8 sequence.
 */
export function foldByOctets(text: string): string {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const lines = unfolded.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  const out: string[] = [];
  for (const line of lines) {
    let current = '';
    let size = 0;
    let limit = 75;
    for (const char of line) {
      const bytes = Buffer.byteLength(char, 'utf8');
      if (size + bytes > limit) {
        out.push(current);
        current = ' ';
        size = 1;
        limit = 75;
      }
      current += char;
      size += bytes;
    }
    out.push(current);
  }
  return `${out.join('\r\n')}\r\n`;
}

/** TEXT value escaping of RFC 5545 §3.3.11, for the header lines the library leaves unescaped. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** Stable for the life of the event, and unique across sites: `<id>@<host of PUBLIC_URL>`. */
function uidOf(row: EventRow, site: CalendarSite): string {
  return `${row.id}@${publicHost(site.publicUrl)}`;
}

/** `timestamp` (DTSTAMP) is read by the library but missing from its types. */
type Attributes = EventAttributes & { timestamp: number };

function eventAttributes(row: EventRow, site: CalendarSite): Attributes {
  const url = eventPageUrl(site.publicUrl, row.id);
  const details = [row.description.trim()];
  if (row.organizer) details.push(`Organized by: ${row.organizer}`);
  details.push(`Official source: ${row.source_link}`);
  details.push(`Always verify event details on the official source. Event page: ${url}`);
  return {
    uid: uidOf(row, site),
    // The last change rather than "now": the same event gives the same text, so feeds can be cached
    // (ETag) and calendars polling every hour get a 304.
    timestamp: row.updated_at,
    // Instants in UTC ("…Z"): every calendar shows them in its reader's zone, across any DST change.
    start: row.starts_at,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: row.starts_at + DEFAULT_EVENT_DURATION_MS,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: row.title,
    description: details.join('\n\n'),
    location: `${row.city}, ${row.country}`,
    // No `url` here: the library's URL pattern refuses valid hosts (one-digit ports, dotless names);
    // render() adds the URL line itself.
    status: 'CONFIRMED',
    categories: [EVENT_TYPE_LABELS[row.type]],
    created: row.created_at,
    lastModified: row.updated_at,
    productId: PRODUCT_ID,
  };
}

function render(rows: EventRow[], site: CalendarSite, header: { calName?: string }, extra: string[]): string {
  const { error, value } = createEvents(
    rows.map((row) => eventAttributes(row, site)),
    { productId: PRODUCT_ID, method: 'PUBLISH', ...header },
  );
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  let text = value.replace(/\r\n[ \t]/g, '');
  // Header lines the library has no option for go right after its own header.
  if (extra.length) {
    text = text.replace('X-PUBLISHED-TTL:PT1H\r\n', `X-PUBLISHED-TTL:PT1H\r\n${extra.join('\r\n')}\r\n`);
  }
  // Each event's page as its URL (a URI value: no TEXT escaping), right after its UID.
  for (const row of rows) {
    const uid = `UID:${uidOf(row, site)}\r\n`;
    text = text.replace(uid, `${uid}URL:${eventPageUrl(site.publicUrl, row.id)}\r\n`);
  }
  return foldByOctets(text);
}

/** One event as an .ics file (for "Add to calendar"). */
export function eventCalendar(row: EventRow, site: CalendarSite): string {
  return render([row], site, {}, []);
}

/** A subscribable calendar of many events; calendar apps poll it about hourly. */
export function feedCalendar(
  rows: EventRow[],
  site: CalendarSite,
  { name, description }: { name: string; description: string },
): string {
  return render(rows, site, { calName: escapeText(name) }, [
    `X-WR-CALDESC:${escapeText(description)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  ]);
}

/** A file name from the event title: ASCII letters and digits only, so every browser keeps it. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}
