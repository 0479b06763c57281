import type { EventType, Schedule } from '../../../common/enums';
import type { Language } from '../../../common/i18n/languages';
import { translatorFor } from '../../i18n/translate';

/**
 * People-facing names of the event types in what the server writes (calendar files, RSS, the embed
 * page), in the reader's language: the web app's own catalog (common.json), so the two never disagree.
 */
export const eventTypeLabel = (language: Language, type: EventType): string =>
  translatorFor(language)(`eventTypes.${type}`);

/** "Cancelled", "Postponed": the tag beside a title in calendar files, RSS and the embed page. */
export const scheduleLabel = (language: Language, schedule: Schedule): string =>
  translatorFor(language)(`event.schedules.${schedule}`);

/** Host name of PUBLIC_URL: the domain part of every event's calendar UID. */
export function publicHost(publicUrl: string): string {
  return new URL(publicUrl).host;
}
