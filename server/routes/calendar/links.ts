import type { EventType } from '../../../common/enums';

/** An event has no end time: calendars get this default length (2 hours), and say so nowhere else. */
export const DEFAULT_EVENT_DURATION_MS = 2 * 3600 * 1000;

/** People-facing names of the event types (as on the badges of the web app). */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  protest: 'Protest/Rally',
  cultural: 'Cultural',
  educational: 'Educational',
  digital: 'Digital',
};

/** The event's page in the web app, absolute under PUBLIC_URL. */
export function eventPageUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/event/${encodeURIComponent(id)}`;
}

/** Host name of PUBLIC_URL: the domain part of every event's calendar UID. */
export function publicHost(publicUrl: string): string {
  return new URL(publicUrl).host;
}

/** A query string of the filters that are set (type 'all' is the default and left out). */
export function filterQuery(filters: { type?: string; location?: string; search?: string }): string {
  const params = new URLSearchParams();
  if (filters.type && filters.type !== 'all') params.set('type', filters.type);
  if (filters.location) params.set('location', filters.location);
  if (filters.search) params.set('search', filters.search);
  const text = params.toString();
  return text ? `?${text}` : '';
}
