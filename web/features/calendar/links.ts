/**
 * Links to this calendar's feeds and to other calendars. Built from the page's own origin, which is the
 * site's public address. Nothing here makes a request: these are links people choose to follow.
 */
import { DEFAULT_EVENT_DURATION_MS } from '../../../common/enums';
import type { FeedFilters } from '../../../common/filters';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/i18n/languages';
import { LIMITS } from '../../../common/limits';
import { type EmbedTheme, eventPageUrl, filterQuery, webcalUrl } from '../../../common/links';
import type { EventDto } from '../../../common/schemas/events';

/** What a link to another calendar needs to know about an event. */
export type CalendarEvent = Pick<
  EventDto,
  | 'id'
  | 'title'
  | 'description'
  | 'date'
  | 'endDate'
  | 'timezone'
  | 'location'
  | 'attendance'
  | 'venue'
  | 'address'
  | 'joinUrl'
  | 'organizer'
>;

/** The words a pre-filled calendar entry adds around the event's own, in the page's language. */
export interface CalendarEntryWords {
  organizedBy: (organizer: string) => string;
  eventPage: (url: string) => string;
  joinLink: (url: string) => string;
  online: string;
}

/** '20270328T090000Z': the instant in UTC, as Google Calendar and iCalendar write it. */
export function compactUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Google's "create event" page, pre-filled with what this viewer may see of the event: its end (two
 * hours without one, as calendar files), its place (venue, address, city and country, or "Online"), the
 * link to join, the organiser and the event's page, in the page's language. The description is cut so
 * the link stays under URL limits.
 */
export function googleCalendarUrl(event: CalendarEvent, origin: string, words: CalendarEntryWords): string {
  const start = new Date(event.date).getTime();
  const end = event.endDate ? new Date(event.endDate).getTime() : start + DEFAULT_EVENT_DURATION_MS;
  const page = eventPageUrl(origin, event.id);
  const about = event.description.length > 1000 ? `${event.description.slice(0, 1000)}…` : event.description;
  const details = [
    about,
    event.joinUrl ? words.joinLink(event.joinUrl) : '',
    event.organizer ? words.organizedBy(event.organizer) : '',
    words.eventPage(page),
  ]
    .filter(Boolean)
    .join('\n\n');
  const place = [event.venue, event.address, event.location.city, event.location.country].filter(Boolean);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(start)}/${compactUtc(end)}`,
    details,
    location: event.attendance === 'online' || place.length === 0 ? words.online : place.join(', '),
    ctz: event.timezone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export interface FeedLinks {
  calendar: string;
  webcal: string;
  googleSubscribe: string;
  rss: string;
  embed: string;
  snippet: string;
}

/**
 * Every address the "Embed and subscribe" page offers, for these filters. In a language other than
 * English each carries `lang=`: calendar apps, feed readers and partner pages send no cookie, so the
 * address is what keeps a subscribed calendar, a feed or an embedded list in the person's language.
 */
export function feedLinks(
  origin: string,
  filters: Partial<FeedFilters>,
  {
    limit = LIMITS.embedDefault,
    theme = 'auto',
    frameTitle,
    language = DEFAULT_LANGUAGE,
  }: { limit?: number; theme?: EmbedTheme; frameTitle: string; language?: Language },
): FeedLinks {
  const lang: Record<string, string> = language === DEFAULT_LANGUAGE ? {} : { lang: language };
  const query = filterQuery(filters, lang);
  const calendar = `${origin}/calendar.ics${query}`;
  const webcal = webcalUrl(calendar);
  const embed = `${origin}/embed${filterQuery(filters, {
    ...(limit === LIMITS.embedDefault ? {} : { limit: String(limit) }),
    ...(theme === 'auto' ? {} : { theme }),
    ...lang,
  })}`;
  const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  // The frame works alone; the script, where the page allows it, gives it the list's height.
  const snippet =
    `<iframe src="${attr(embed)}" title="${attr(frameTitle)}" width="100%" height="600" style="border:0;max-width:100%" loading="lazy"></iframe>\n` +
    `<script src="${attr(`${origin}/embed.js`)}" async></script>`;
  return {
    calendar,
    webcal,
    googleSubscribe: `https://calendar.google.com/calendar/render?${new URLSearchParams({ cid: webcal }).toString()}`,
    rss: `${origin}/feed.xml${query}`,
    embed,
    snippet,
  };
}
