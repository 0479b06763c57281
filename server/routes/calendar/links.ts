import type { EventType, Schedule } from '../../../common/enums';
import { type Language, localeOf } from '../../../common/i18n/languages';
import { repeatsText } from '../../../common/seriesText';
import { translatorFor } from '../../i18n/translate';
import { presentEventSeries } from '../../presenters/series';
import type { EventRow } from '../../store/schema';

/**
 * People-facing names of the event types in what the server writes (calendar files, RSS, the embed
 * page), in the reader's language: the web app's own catalog (common.json), so the two never disagree.
 */
export const eventTypeLabel = (language: Language, type: EventType): string =>
  translatorFor(language)(`eventTypes.${type}`);

/** "Cancelled", "Postponed": the tag beside a title in calendar files, RSS and the embed page. */
export const scheduleLabel = (language: Language, schedule: Schedule): string =>
  translatorFor(language)(`event.schedules.${schedule}`);

/**
 * How a date of a recurring event repeats, in the words of its page ("Repeats every Friday · 12 dates",
 * docs/PRODUCT.md#recurring-events): RSS items and calendar files say it, with the series' file.
 */
export function seriesLine(row: EventRow, language: Language): string | null {
  const series = presentEventSeries(row);
  if (!series) return null;
  const t = translatorFor(language, 'common');
  return `${repeatsText(t, series, localeOf(language))} · ${t('common:repeats.dates', { count: series.total })}`;
}

/** The whole series' calendar file ("Add the whole series"), absolute. */
export const seriesIcsUrl = (publicUrl: string, seriesId: string) =>
  `${publicUrl}/api/series/${encodeURIComponent(seriesId)}/ics`;

/** Host name of PUBLIC_URL: the domain part of every event's calendar UID. */
export function publicHost(publicUrl: string): string {
  return new URL(publicUrl).host;
}
