import { formatZoneName } from '../../common/dateLabels';
import { dateTimeFormat, formatEventDateTime } from '../../common/dates';
import type { AttendanceMode, Schedule } from '../../common/enums';
import { DEFAULT_LANGUAGE, type Language, localeOf } from '../../common/i18n/languages';
import { largestJpeg } from '../../common/images';
import { eventPageUrl } from '../../common/links';
import { type Weekday, weekdayOf } from '../../common/series';
import type { SiteInfo } from '../context';
import { translatorFor } from '../i18n/translate';
import { SHARE_IMAGE, shareImagePath, shareTextOf } from '../images/shareImage';
import { areaText, presentPlace } from '../presenters/place';
import { scheduleLabel } from '../routes/calendar/links';
import { eventImageOf } from '../store/images';
import type { EventRow } from '../store/schema';
import { ruleCopyOf } from '../store/series';
import { escapeHtml } from './shell';

/**
 * JSON for a <script type="application/ld+json"> block. `<`, `>` and `&` become \u escapes, so no
 * text (a title like `</script><script>…`) can close the tag or open a comment; the JSON means the same.
 */
/**
 * A share preview's `og:locale`: Open Graph's language_TERRITORY form, in the spellings the big readers
 * of it list (Facebook's `ar_AR` for Arabic). Here, not in the languages' table: only the server writes it.
 */
const SHARE_LOCALES: Record<Language, string> = {
  en: 'en_US',
  ar: 'ar_AR',
  fr: 'fr_FR',
  es: 'es_ES',
  de: 'de_DE',
  it: 'it_IT',
  tr: 'tr_TR',
  id: 'id_ID',
  pt: 'pt_PT',
  ur: 'ur_PK',
};

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

const EVENT_STATUS: Record<Schedule, string> = {
  scheduled: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
};
const ATTENDANCE_MODE: Record<AttendanceMode, string> = {
  in_person: 'https://schema.org/OfflineEventAttendanceMode',
  online: 'https://schema.org/OnlineEventAttendanceMode',
  both: 'https://schema.org/MixedEventAttendanceMode',
};

const SCHEMA_DAYS: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/**
 * A date of a recurring event (docs/PRODUCT.md#recurring-events): its series as a schema.org Schedule
 * (how often, on which days, from its first date, how many times, at what local time and in which zone).
 * None for "the last Friday of the month", which a Schedule cannot say (byMonthWeek is 1 to 5).
 */
function seriesSchedule(row: EventRow): Record<string, unknown> | null {
  const copy = ruleCopyOf(row);
  if (!row.series_id || !copy) return null;
  const { rule } = copy;
  const day = (code: Weekday) => `https://schema.org/${SCHEMA_DAYS[code]}`;
  const schedule: Record<string, unknown> = { '@type': 'Schedule' };
  switch (rule.freq) {
    case 'weekly':
    case 'biweekly':
      schedule.repeatFrequency = rule.freq === 'weekly' ? 'P1W' : 'P2W';
      schedule.byDay = (rule.weekdays ?? [weekdayOf(copy.first)]).map(day);
      break;
    case 'monthly_day':
      schedule.repeatFrequency = 'P1M';
      schedule.byMonthDay = Number(copy.first.slice(8, 10));
      break;
    case 'monthly_weekday':
      if (rule.nth === -1) return null;
      schedule.repeatFrequency = 'P1M';
      schedule.byDay = day(weekdayOf(copy.first));
      schedule.byMonthWeek = rule.nth ?? 1;
      break;
  }
  schedule.startDate = copy.first;
  if (rule.until) schedule.endDate = rule.until;
  schedule.repeatCount = copy.total;
  // The series' time of day (a date whose time was changed says its own in startDate).
  if (row.series_moved !== 1)
    schedule.startTime = `${isoWithOffset(row.starts_at, row.timezone).slice(11, 16)}:00`;
  schedule.duration = `PT${Math.round((row.over_at - row.starts_at) / 60_000)}M`;
  schedule.scheduleTimezone = row.timezone;
  return schedule;
}

/**
 * schema.org Event for search engines and chat previews. Public by nature, so it says of the place
 * only what a visitor who is not signed in may see (docs/PRODUCT.md#who-sees-what): a withheld link to
 * join is replaced by the event's page, where it appears in time.
 */
export function eventJsonLd(
  row: EventRow,
  site: SiteInfo,
  now: number = Date.now(),
): Record<string, unknown> {
  const url = eventPageUrl(site.publicUrl, row.id);
  const place = presentPlace(row, null, now);
  const physical =
    row.attendance === 'online'
      ? []
      : [
          {
            '@type': 'Place',
            name: place.venue ?? areaText(row),
            address: {
              '@type': 'PostalAddress',
              ...(place.address ? { streetAddress: place.address } : {}),
              ...(row.city ? { addressLocality: row.city } : {}),
              ...(row.country ? { addressCountry: row.country } : {}),
            },
          },
        ];
  const virtual =
    row.attendance === 'in_person' ? [] : [{ '@type': 'VirtualLocation', url: place.joinUrl ?? url }];
  const locations = [...physical, ...virtual];
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: row.title,
    description: row.description,
    startDate: isoWithOffset(row.starts_at, row.timezone),
    // Its end, or 2 hours after the start when it has none.
    endDate: isoWithOffset(row.over_at, row.timezone),
    eventStatus: EVENT_STATUS[row.schedule],
    eventAttendanceMode: ATTENDANCE_MODE[row.attendance],
    location: locations.length === 1 ? locations[0] : locations,
    url,
  };
  if (row.organizer) data.organizer = { '@type': 'Organization', name: row.organizer };
  const schedule = seriesSchedule(row);
  if (schedule) data.eventSchedule = schedule;
  const flyer = eventImageOf(row);
  if (flyer) data.image = [largestJpeg(flyer, site.publicUrl)];
  return data;
}

/**
 * The picture a shared link shows (docs/PRODUCT.md#flyers): the event's flyer (its largest JPEG), or
 * the preview drawn from its title, date and place in the page's language. Absolute, under PUBLIC_URL.
 */
export function shareImageOf(row: EventRow, site: SiteInfo, language: Language) {
  const flyer = eventImageOf(row);
  if (flyer) {
    return {
      url: largestJpeg(flyer, site.publicUrl),
      width: flyer.width,
      height: flyer.height,
      alt: flyer.alt,
    };
  }
  const text = shareTextOf(row, site, language);
  return {
    url: `${site.publicUrl}${shareImagePath(row.id, language, text)}`,
    ...SHARE_IMAGE,
    alt: text.title,
  };
}

/**
 * The <title> and <head> tags that make a shared link to an approved event preview in chats, their
 * words (the date, "Online", "Cancelled") in the page's language.
 */
export function eventHead(
  row: EventRow,
  site: SiteInfo,
  language: Language = DEFAULT_LANGUAGE,
): { title: string; head: string } {
  const url = eventPageUrl(site.publicUrl, row.id);
  const date = new Date(row.starts_at);
  const locale = localeOf(language);
  const when = `${formatEventDateTime(date, row.timezone, locale)} (${formatZoneName(date, row.timezone, locale)}) · ${areaText(row, language)}`;
  const tagged =
    row.schedule === 'scheduled'
      ? when
      : translatorFor(language, 'calendar')('ics.tagged', {
          schedule: scheduleLabel(language, row.schedule),
          text: when,
        });
  const description = truncate(`${tagged}. ${row.description}`, 300);
  const title = `${row.title} · ${site.siteTitle}`;
  const image = shareImageOf(row, site, language);
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
    meta('property', 'og:locale', SHARE_LOCALES[language]),
    meta('property', 'og:image', image.url),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    ...(image.alt ? [meta('property', 'og:image:alt', image.alt)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:image', image.url),
    ...(image.alt ? [meta('name', 'twitter:image:alt', image.alt)] : []),
    meta('name', 'twitter:title', row.title),
    meta('name', 'twitter:description', description),
    `<link rel="alternate" type="text/calendar" title="${escapeHtml(row.title)}" href="${escapeHtml(`${url}.ics`)}">`,
    `<script type="application/ld+json">${jsonForScript(eventJsonLd(row, site))}</script>`,
  ].join('\n    ');
  return { title, head };
}
