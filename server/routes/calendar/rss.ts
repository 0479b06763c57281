import { formatZoneName } from '../../../common/dateLabels';
import { formatEventDateTime } from '../../../common/dates';
import { DEFAULT_LANGUAGE, inLanguage, type Language, localeOf } from '../../../common/i18n/languages';
import { largestJpeg } from '../../../common/images';
import { eventPageUrl } from '../../../common/links';
import type { SiteInfo } from '../../context';
import { escapeHtml } from '../../html/shell';
import { translatorFor } from '../../i18n/translate';
import { areaText } from '../../presenters/place';
import { eventImageOf } from '../../store/images';
import type { EventRow } from '../../store/schema';
import { eventTypeLabel, scheduleLabel, seriesIcsUrl, seriesLine } from './links';
import { escapeXml } from './xml';

/**
 * A one-line summary of when and where, in the event's own time zone and the reader's language: the
 * area only (the exact place is on the event's page, for those who may see it).
 */
export function whenAndWhere(row: EventRow, language: Language = DEFAULT_LANGUAGE): string {
  const date = new Date(row.starts_at);
  const locale = localeOf(language);
  const when = `${formatEventDateTime(date, row.timezone, locale)} (${formatZoneName(date, row.timezone, locale)})`;
  const tag = row.schedule === 'scheduled' ? '' : `${scheduleLabel(language, row.schedule)} · `;
  return `${tag}${when} · ${areaText(row, language)}`;
}

/** RSS 2.0 of newly approved events, most recent approval first, in `language`. */
export function rssFeed(
  rows: EventRow[],
  site: SiteInfo,
  {
    selfUrl,
    title,
    description,
    language = DEFAULT_LANGUAGE,
    imageSizes = new Map(),
  }: {
    selfUrl: string;
    title: string;
    description: string;
    language?: Language;
    /** Bytes of each flyer's largest JPEG, by image id (store/images.ts largestJpegSizes). */
    imageSizes?: Map<string, number>;
  },
): string {
  const t = translatorFor(language, 'calendar');
  const items = rows.map((row) => {
    // Its page in the feed's language (feed readers send no cookie); the guid stays the page itself.
    const guid = eventPageUrl(site.publicUrl, row.id);
    const url = inLanguage(guid, language);
    const organizer = row.organizer ? t('feeds.organizedBy', { organizer: row.organizer }) : '';
    // Readers render a description as HTML: escape the text for HTML first, so it stays text.
    const asHtml = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');
    // A date of a series: how it repeats, and a link to the whole series' calendar file.
    const repeats = seriesLine(row, language);
    const seriesHtml =
      repeats && row.series_id
        ? `${asHtml(repeats)} · <a href="${escapeHtml(inLanguage(seriesIcsUrl(site.publicUrl, row.series_id), language))}">${asHtml(translatorFor(language, 'common')('common:repeats.addSeries'))}</a>`
        : '';
    const html = [asHtml(whenAndWhere(row, language)), seriesHtml, asHtml(organizer), asHtml(row.description)]
      .filter(Boolean)
      .join('<br><br>');
    // Its flyer as the enclosure (docs/PRODUCT.md#flyers).
    const flyer = eventImageOf(row);
    const flyerBytes = flyer ? imageSizes.get(flyer.id) : undefined;
    const enclosure =
      flyer && flyerBytes !== undefined
        ? [
            `<enclosure url="${escapeXml(largestJpeg(flyer, site.publicUrl))}" length="${flyerBytes}" type="image/jpeg"/>`,
          ]
        : [];
    return [
      '<item>',
      `<title>${escapeXml(row.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(guid)}</guid>`,
      `<pubDate>${new Date(row.approved_at ?? row.created_at).toUTCString()}</pubDate>`,
      `<category>${escapeXml(eventTypeLabel(language, row.type))}</category>`,
      `<description>${escapeXml(html)}</description>`,
      ...enclosure,
      '</item>',
    ].join('\n');
  });
  // From the data, not the clock: the same events give the same feed (and the same ETag).
  const newest = rows[0]?.approved_at;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(inLanguage(`${site.publicUrl}/`, language))}</link>`,
    `<description>${escapeXml(description)}</description>`,
    `<language>${language}</language>`,
    `<atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    '<ttl>60</ttl>',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
