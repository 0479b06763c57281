/**
 * Links to this calendar's feeds and to other calendars. Built from the page's own origin, which is the
 * site's public address. Nothing here makes a request: these are links people choose to follow.
 */
import type { EventType } from '../../../common/enums';
import type { EventDto } from '../../../common/schemas/events';

/** Events have no end time; calendars get this length (the server's .ics files use the same). */
export const DEFAULT_DURATION_MS = 2 * 3600 * 1000;

/** What a link to another calendar needs to know about an event. */
export type CalendarEvent = Pick<
  EventDto,
  'id' | 'title' | 'description' | 'date' | 'timezone' | 'location' | 'organizer'
>;

export interface FeedFilters {
  type: 'all' | EventType;
  location: string;
  search: string;
}

export const EMBED_LIMITS = [5, 10, 20, 50] as const;
export const DEFAULT_EMBED_LIMIT = 10;

/** '20270328T090000Z': the instant in UTC, as Google Calendar and iCalendar write it. */
export function compactUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** The query of the filters that are set (type 'all' is the default and left out). */
export function filterQuery(filters: FeedFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.location.trim()) params.set('location', filters.location.trim());
  if (filters.search.trim()) params.set('search', filters.search.trim());
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function eventPageUrl(origin: string, id: string): string {
  return `${origin}/event/${encodeURIComponent(id)}`;
}

/** The server's .ics file for one event (same-origin, so `download` keeps the file name). */
export function eventIcsPath(id: string): string {
  return `/event/${encodeURIComponent(id)}.ics`;
}

/** Google's "create event" page, pre-filled. Description is cut so the link stays under URL limits. */
export function googleCalendarUrl(event: CalendarEvent, origin: string): string {
  const start = new Date(event.date).getTime();
  const page = eventPageUrl(origin, event.id);
  const about = event.description.length > 1000 ? `${event.description.slice(0, 1000)}…` : event.description;
  const details = [about, event.organizer ? `Organized by: ${event.organizer}` : '', `Event page: ${page}`]
    .filter(Boolean)
    .join('\n\n');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(start)}/${compactUtc(start + DEFAULT_DURATION_MS)}`,
    details,
    location: `${event.location.city}, ${event.location.country}`,
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

/** Every address the "Embed and subscribe" page offers, for these filters. */
export function feedLinks(
  origin: string,
  filters: FeedFilters,
  { limit = DEFAULT_EMBED_LIMIT, frameTitle }: { limit?: number; frameTitle: string },
): FeedLinks {
  const query = filterQuery(filters);
  const calendar = `${origin}/calendar.ics${query}`;
  const webcal = calendar.replace(/^https?:/, 'webcal:');
  const embed = `${origin}/embed${filterQuery(filters, limit === DEFAULT_EMBED_LIMIT ? {} : { limit: String(limit) })}`;
  const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const snippet = `<iframe src="${attr(embed)}" title="${attr(frameTitle)}" width="100%" height="600" style="border:0;max-width:100%" loading="lazy"></iframe>`;
  return {
    calendar,
    webcal,
    googleSubscribe: `https://calendar.google.com/calendar/render?${new URLSearchParams({ cid: webcal }).toString()}`,
    rss: `${origin}/feed.xml${query}`,
    embed,
    snippet,
  };
}
