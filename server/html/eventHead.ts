import { dateTimeFormat, formatEventDateTime, formatZoneName } from '../../common/dates';
import { DEFAULT_EVENT_DURATION_MS } from '../../common/enums';
import { eventPageUrl } from '../../common/links';
import type { SiteInfo } from '../context';
import type { EventRow } from '../store/schema';
import { escapeHtml } from './shell';

/**
 * JSON for a <script type="application/ld+json"> block. `<`, `>` and `&` become \u escapes, so no
 * text (a title like `</script><script>…`) can close the tag or open a comment; the JSON means the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** '2026-03-29T10:00:00+01:00': the instant as the wall clock in `timeZone` shows it, with its offset. */
export function isoWithOffset(ms: number, timeZone: string): string {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const [y, mo, d, h, mi, s] = [
    get('year'),
    get('month'),
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  ];
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offsetMinutes = Math.round((wall - Math.floor(ms / 1000) * 1000) / 60000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`;
}

/** Shorten text to about `max` characters at a word boundary, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** schema.org Event for search engines and chat previews. */
export function eventJsonLd(row: EventRow, site: SiteInfo): Record<string, unknown> {
  const url = eventPageUrl(site.publicUrl, row.id);
  const online = row.type === 'digital';
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: row.title,
    description: row.description,
    startDate: isoWithOffset(row.starts_at, row.timezone),
    endDate: isoWithOffset(row.starts_at + DEFAULT_EVENT_DURATION_MS, row.timezone),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url: row.source_link }
      : {
          '@type': 'Place',
          name: `${row.city}, ${row.country}`,
          address: { '@type': 'PostalAddress', addressLocality: row.city, addressCountry: row.country },
        },
    url,
  };
  if (row.organizer) data.organizer = { '@type': 'Organization', name: row.organizer };
  return data;
}

/** The <title> and <head> tags that make a shared link to an approved event preview in chats. */
export function eventHead(row: EventRow, site: SiteInfo): { title: string; head: string } {
  const url = eventPageUrl(site.publicUrl, row.id);
  const date = new Date(row.starts_at);
  const when = `${formatEventDateTime(date, row.timezone)} (${formatZoneName(date, row.timezone)})`;
  const description = truncate(`${when} · ${row.city}, ${row.country}. ${row.description}`, 300);
  const title = `${row.title} · ${site.siteTitle}`;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const head = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.siteTitle),
    meta('property', 'og:title', row.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_US'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', row.title),
    meta('name', 'twitter:description', description),
    `<link rel="alternate" type="text/calendar" title="${escapeHtml(row.title)}" href="${escapeHtml(`${url}.ics`)}">`,
    `<script type="application/ld+json">${jsonForScript(eventJsonLd(row, site))}</script>`,
  ].join('\n    ');
  return { title, head };
}
