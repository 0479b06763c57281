import { createHash } from 'node:crypto';
import { createEvents, type EventAttributes } from 'ics';
import { DEFAULT_LANGUAGE, inLanguage, type Language } from '../../../common/i18n/languages';
import { eventPageUrl } from '../../../common/links';
import { joinPlace } from '../../../common/placeText';
import type { Actor } from '../../auth/actor';
import type { SiteInfo } from '../../context';
import { translatorFor } from '../../i18n/translate';
import { areaText, type PresentedPlace, presentPlace, withheldNotice } from '../../presenters/place';
import type { EventRow } from '../../store/schema';
import { eventTypeLabel, publicHost, scheduleLabel, seriesIcsUrl, seriesLine } from './links';

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
    // Most lines are short ASCII: nothing to do.
    if (line.length <= 75 && !/[\u0080-\uffff]/.test(line)) {
      out.push(line);
      continue;
    }
    let start = 0;
    let size = 0;
    let limit = 75;
    let index = 0;
    for (const char of line) {
      const code = char.codePointAt(0) ?? 0;
      const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (size + bytes > limit) {
        out.push(`${start === 0 ? '' : ' '}${line.slice(start, index)}`);
        start = index;
        size = 0;
        // A continuation line starts with one space, which counts.
        limit = 74;
      }
      size += bytes;
      index += char.length;
    }
    out.push(`${start === 0 ? '' : ' '}${line.slice(start)}`);
  }
  return `${out.join('\r\n')}\r\n`;
}

/**
 * Text as a calendar file may hold it (RFC 5545 §3.3.11 allows no control character but tab): any line
 * break (CRLF, a lone CR, LF) becomes one LF, which escaping then writes as `\n`; every other control
 * character (C0, DEL, C1) is dropped. A raw CR would end the content line early and let text forge a
 * property. Every text value goes through it, stored rows made before input refused them included.
 */
export function icsSafeText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '');
}

/** TEXT value escaping of RFC 5545 §3.3.11, for the header lines the library leaves unescaped. */
function escapeText(text: string): string {
  return icsSafeText(text)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/** Stable for the life of the event, and unique across sites: `<id>@<host of PUBLIC_URL>`. */
function uidOf(row: EventRow, site: SiteInfo): string {
  return `${row.id}@${publicHost(site.publicUrl)}`;
}

/** `timestamp` (DTSTAMP) is read by the library but missing from its types. */
type Attributes = EventAttributes & { timestamp: number };

/**
 * Where, as one line: the venue and address when this reader may see them, else the area; an
 * online-only event's link to join when they may see it, else "Online".
 */
function locationLine(row: EventRow, place: PresentedPlace, language: Language): string {
  if (row.attendance === 'online') return place.joinUrl ?? areaText(row, language);
  return joinPlace([place.venue, place.address, areaText(row, language)]);
}

/** A VEVENT's fields, for one reader: `place` is what presentPlace lets them see, in their language. */
function eventAttributes(
  row: EventRow,
  site: SiteInfo,
  place: PresentedPlace,
  language: Language,
): Attributes {
  const t = translatorFor(language, 'calendar');
  // Its page in the file's language: calendar apps send no cookie (docs/PRODUCT.md#languages).
  const url = inLanguage(eventPageUrl(site.publicUrl, row.id), language);
  const details = [icsSafeText(row.description).trim()];
  if (row.schedule !== 'scheduled') {
    const schedule = scheduleLabel(language, row.schedule);
    details.unshift(
      icsSafeText(row.schedule_note ? t('ics.tagged', { schedule, text: row.schedule_note }) : schedule),
    );
  }
  // A date of a recurring event says so, and where the whole series is (docs/PRODUCT.md#recurring-events).
  const repeats = seriesLine(row, language);
  if (repeats && row.series_id) {
    const all = translatorFor(language, 'common')('common:repeats.addSeries');
    details.push(`${repeats}\n${all}: ${inLanguage(seriesIcsUrl(site.publicUrl, row.series_id), language)}`);
  }
  if (place.joinUrl) details.push(t('ics.joinUrl', { url: icsSafeText(place.joinUrl) }));
  if (place.withheld) details.push(withheldNotice(row, language));
  if (row.accessibility) details.push(t('ics.accessibility', { text: icsSafeText(row.accessibility) }));
  if (row.organizer) details.push(t('ics.organizedBy', { organizer: icsSafeText(row.organizer) }));
  details.push(t('ics.source', { url: icsSafeText(row.source_link) }));
  details.push(t('ics.verify', { url }));
  return {
    uid: uidOf(row, site),
    // The last change rather than "now": the same event gives the same text, so feeds can be cached
    // (ETag) and calendars polling every hour get a 304.
    timestamp: row.updated_at,
    // Instants in UTC ("…Z"): every calendar shows them in its reader's zone, across any DST change.
    start: row.starts_at,
    startInputType: 'utc',
    startOutputType: 'utc',
    // Its end, or 2 hours after the start when it has none.
    end: row.over_at,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: icsSafeText(
      row.schedule === 'scheduled'
        ? row.title
        : t('ics.tagged', { schedule: scheduleLabel(language, row.schedule), text: row.title }),
    ),
    description: details.join('\n\n'),
    location: icsSafeText(locationLine(row, place, language)),
    // No `url` here: the library's URL pattern refuses valid hosts (one-digit ports, dotless names);
    // render() adds the URL line itself.
    // A postponed event will not happen at this time either: calendars drop it until it has a new one.
    status: row.schedule === 'scheduled' ? 'CONFIRMED' : 'CANCELLED',
    // Raised by each schedule change, so that subscribed calendars replace their copy (RFC 5545 §3.8.7.4).
    sequence: row.sequence,
    categories: [eventTypeLabel(language, row.type)],
    created: row.created_at,
    lastModified: row.updated_at,
    productId: PRODUCT_ID,
  };
}

/**
 * The `ics` library validates every event (yup) before formatting it: a few milliseconds each, far too
 * slow for a 500-event feed on every poll. Each event's finished VEVENT text is therefore kept, keyed by
 * a hash of everything it is made of: a changed event is formatted again, an unchanged one never is.
 */
const VEVENT_CACHE_MAX = 5000;
/** Events formatted per library call; between chunks the server answers other requests. */
const FORMAT_CHUNK = 10;
const veventCache = new Map<string, string>();

function cacheKey(row: EventRow, site: SiteInfo, place: PresentedPlace, language: Language): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        language,
        site.publicUrl,
        place,
        row.ends_at,
        row.attendance,
        row.accessibility,
        row.schedule,
        row.schedule_note,
        row.sequence,
        row.place_visibility,
        row.place_hours_before,
        row.id,
        row.title,
        row.description,
        row.organizer,
        row.source_link,
        row.starts_at,
        row.city,
        row.country,
        row.type,
        row.created_at,
        row.updated_at,
      ]),
    )
    .digest('base64');
}

function remember(key: string, text: string): void {
  veventCache.set(key, text);
  if (veventCache.size > VEVENT_CACHE_MAX) {
    const oldest = veventCache.keys().next().value;
    if (oldest !== undefined) veventCache.delete(oldest);
  }
}

/** An event, what its reader may see of its place, and the language they read it in. */
interface CalendarEntry {
  row: EventRow;
  place: PresentedPlace;
  language: Language;
}

/**
 * Who reads a calendar file: feeds are read by calendar apps, which never sign in; its words are in
 * `language` (English unless told).
 */
export interface CalendarReader {
  actor: Actor | null;
  now?: number;
  language?: Language;
}
const ANONYMOUS: CalendarReader = { actor: null };

const entriesFor = (
  rows: EventRow[],
  { actor, now = Date.now(), language = DEFAULT_LANGUAGE }: CalendarReader,
): CalendarEntry[] => rows.map((row) => ({ row, place: presentPlace(row, actor, now), language }));

const keyOf = ({ row, place, language }: CalendarEntry, site: SiteInfo) =>
  cacheKey(row, site, place, language);

/** The VEVENT blocks of these events, in order, from one library call. */
function formatVevents(entries: CalendarEntry[], site: SiteInfo): string[] {
  const { error, value } = createEvents(
    entries.map(({ row, place, language }) => eventAttributes(row, site, place, language)),
    { productId: PRODUCT_ID, method: 'PUBLISH' },
  );
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  // Line breaks inside values are escaped (\n), so every raw CRLF here ends a content line.
  const unfolded = value.replace(/\r\n[ \t]/g, '');
  const blocks = unfolded.split('BEGIN:VEVENT\r\n').slice(1);
  return entries.map(({ row, language }, i) => {
    const body = blocks[i] ?? '';
    const block = `BEGIN:VEVENT\r\n${body.slice(0, body.indexOf('END:VEVENT\r\n'))}END:VEVENT\r\n`;
    // The event's page as its URL (a URI value: no TEXT escaping), right after its UID.
    const uid = `UID:${uidOf(row, site)}\r\n`;
    const url = inLanguage(eventPageUrl(site.publicUrl, row.id), language);
    return foldByOctets(block.replace(uid, `${uid}URL:${url}\r\n`));
  });
}

function veventSync(entry: CalendarEntry, site: SiteInfo): string {
  const key = keyOf(entry, site);
  const cached = veventCache.get(key);
  if (cached) return cached;
  const [text = ''] = formatVevents([entry], site);
  remember(key, text);
  return text;
}

async function vevents(entries: CalendarEntry[], site: SiteInfo): Promise<string[]> {
  const keys = entries.map((entry) => keyOf(entry, site));
  const missing = entries.filter((_, i) => !veventCache.has(keys[i] ?? ''));
  for (let start = 0; start < missing.length; start += FORMAT_CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const chunk = missing.slice(start, start + FORMAT_CHUNK);
    formatVevents(chunk, site).forEach((text, i) => {
      const entry = chunk[i];
      if (entry) remember(keyOf(entry, site), text);
    });
  }
  return entries.map((entry, i) => veventCache.get(keys[i] ?? '') ?? veventSync(entry, site));
}

function calendarHeader(header: { calName?: string }, extra: string[]): string {
  const { error, value } = createEvents([], { productId: PRODUCT_ID, method: 'PUBLISH', ...header });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');
  // Header lines the library has no option for go right after its own header.
  const head = value.replace(/\r\n[ \t]/g, '').replace('END:VCALENDAR\r\n', '');
  return foldByOctets(extra.length ? `${head}${extra.join('\r\n')}\r\n` : head);
}

const FOOTER = 'END:VCALENDAR\r\n';

/** One event as an .ics file (for "Add to calendar"), as `reader` may see it. */
export function eventCalendar(row: EventRow, site: SiteInfo, reader: CalendarReader = ANONYMOUS): string {
  const [entry] = entriesFor([row], reader);
  return `${calendarHeader({}, [])}${entry ? veventSync(entry, site) : ''}${FOOTER}`;
}

/** A subscribable calendar of many events; calendar apps poll it about hourly, signed out. */
export async function feedCalendar(
  rows: EventRow[],
  site: SiteInfo,
  { name, description }: { name: string; description: string },
  reader: CalendarReader = ANONYMOUS,
): Promise<string> {
  const head = calendarHeader({ calName: escapeText(name) }, [
    `X-WR-CALDESC:${escapeText(description)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
  ]);
  return `${head}${(await vevents(entriesFor(rows, reader), site)).join('')}${FOOTER}`;
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
