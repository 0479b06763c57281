/**
 * Dates as the pages beyond the home page's list write them (an event's page, the log, moderation, the
 * submit form, the server's feeds and previews). Apart from common/dates.ts because the home page's first
 * script carries every export of that module (issue 21: first-load JavaScript).
 */
import { DEFAULT_LOCALE, formatInstant, relativeTimeFormat, zonedFormat } from './dates';

const LONG_DATE = zonedFormat({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/** 'Monday, March 3, 2025' (EEEE, MMMM d, yyyy). */
export function formatLongDate(iso: string | Date, timeZone?: string, locale?: string): string {
  return formatInstant(iso, LONG_DATE, timeZone, locale);
}

const SHORT_DATE = zonedFormat({ year: 'numeric', month: 'short', day: 'numeric' });

/** 'Mar 3, 2025' (MMM d, yyyy). */
export function formatShortDate(iso: string | Date, timeZone?: string, locale?: string): string {
  return formatInstant(iso, SHORT_DATE, timeZone, locale);
}

const ZONE_NAME = zonedFormat({ timeZoneName: 'short' });

/** The zone's short name at that instant, e.g. 'GMT+2' or 'EST'. */
export function formatZoneName(iso: string | Date, timeZone: string, locale?: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const part = ZONE_NAME(locale ?? DEFAULT_LOCALE, timeZone)
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** 'UTC', 'Etc/GMT+5', 'EST5EDT': zones that are an offset, not a place. */
export function isPlacelessZone(zone: string): boolean {
  return !zone.includes('/') || zone.startsWith('Etc/');
}

/** 'Jerusalem' for 'Asia/Jerusalem', 'New York' for 'America/New_York'. */
export function zoneCity(timeZone: string): string {
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replace(/_/g, ' ');
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600e3],
  ['month', 30 * 24 * 3600e3],
  ['week', 7 * 24 * 3600e3],
  ['day', 24 * 3600e3],
  ['hour', 3600e3],
  ['minute', 60e3],
];

/** 'in 3 days', '2 hours ago': a hint beside the date, never instead of it. */
export function formatRelative(iso: string | Date, now: Date = new Date(), locale?: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const diff = date.getTime() - now.getTime();
  const rtf = relativeTimeFormat(locale ?? DEFAULT_LOCALE);
  for (const [unit, ms] of RELATIVE_UNITS) {
    // From 90% of a unit on, round to it: 23½ hours ahead reads "tomorrow", not "in 24 hours".
    if (Math.abs(diff) >= ms * 0.9 || unit === 'minute') {
      return rtf.format(Math.round(diff / ms), unit);
    }
  }
  return rtf.format(0, 'minute');
}
