import type { EventType, Schedule } from '../../../common/enums';
import catalog from '../../../web/locales/en/common.json';

/**
 * People-facing names of the event types in what the server writes in English (calendar files, RSS,
 * the embed page): the web app's own English catalog, so the two never disagree.
 */
export const EVENT_TYPE_LABELS: Record<EventType, string> = catalog.eventTypes;
/** "Cancelled", "Postponed": the tag beside a title in calendar files, RSS and the embed page. */
export const SCHEDULE_LABELS: Record<Schedule, string> = catalog.event.schedules;

/** Host name of PUBLIC_URL: the domain part of every event's calendar UID. */
export function publicHost(publicUrl: string): string {
  return new URL(publicUrl).host;
}
