import { formatZoneName } from '../../common/dateLabels';
import { formatEventDateTime } from '../../common/dates';
import { type FeedFilters, hasActiveFilters } from '../../common/filters';
import { DEFAULT_LANGUAGE, inLanguage, type Language, localeOf } from '../../common/i18n/languages';
import { imagePath, imageSrcSet, imageWidths } from '../../common/images';
import { type EmbedTheme, eventPageUrl, filterQuery } from '../../common/links';
import { repeatsText } from '../../common/seriesText';
import { translatorFor } from '../i18n/translate';
import { areaText } from '../presenters/place';
import { presentEventSeries } from '../presenters/series';
import { eventTypeLabel, scheduleLabel } from '../routes/calendar/links';
import { eventImageOf } from '../store/images';
import type { EventRow } from '../store/schema';
import { plainPage } from './plainPage';
import { escapeHtml } from './shell';

export interface EmbedPageInput {
  siteTitle: string;
  publicUrl: string;
  filters: FeedFilters;
  rows: EventRow[];
  theme?: EmbedTheme;
  /** The language of the list (`?lang=` in the frame's address, else the visitor's). */
  language?: Language;
}

// Links leave the frame for a new tab: the partner's page stays, and our page gets no access to it.
const OUT = 'target="_blank" rel="noopener noreferrer"';

function page(siteTitle: string, body: string, theme: EmbedTheme, language: Language): string {
  return plainPage({
    language,
    title: translatorFor(language, 'calendar')('embed.pageTitle', { site: siteTitle }),
    stylesheet: '/embed.css',
    head: ['<meta name="robots" content="noindex">'],
    body,
    theme,
    // Tells the page around the frame its height, for embed.js there (the plain frame works without).
    scripts: ['/embed-frame.js'],
  });
}

/**
 * "by <organizer>", in the list's language (the card's words, events.json `card.by`), the organiser's
 * own text in an element that takes its own direction.
 */
function byOrganizer(organizer: string, language: Language): string {
  const [before = '', after = ''] = translatorFor(language, 'events')('card.by', {
    organizer: '\uE000',
  }).split(/<organizer>\uE000<\/organizer>/);
  return `${escapeHtml(before)}<span dir="auto">${escapeHtml(organizer)}</span>${escapeHtml(after)}`;
}

/** A date of a recurring event says how it repeats (docs/PRODUCT.md#recurring-events). */
function repeatsLine(row: EventRow, language: Language): string {
  const series = presentEventSeries(row);
  if (!series) return '';
  const text = repeatsText(translatorFor(language, 'common'), series, localeOf(language));
  return `        <p class="repeats">${escapeHtml(text)}</p>\n`;
}

function eventItem(row: EventRow, publicUrl: string, language: Language): string {
  const date = new Date(row.starts_at);
  const locale = localeOf(language);
  const when = formatEventDateTime(date, row.timezone, locale);
  const zone = formatZoneName(date, row.timezone, locale);
  const verified = translatorFor(language, 'events')('card.verified');
  // Its flyer, small, beside the text (docs/PRODUCT.md#flyers); the smallest variants serve the list.
  const flyer = eventImageOf(row);
  const picture = flyer
    ? `<picture class="flyer"><source type="image/webp" srcset="${escapeHtml(imageSrcSet(flyer, 'webp', publicUrl))}" sizes="6rem"><img src="${escapeHtml(`${publicUrl}${imagePath(flyer.hash, imageWidths(flyer.width)[0] ?? flyer.width, 'jpg')}`)}" width="${flyer.width}" height="${flyer.height}" alt="${escapeHtml(flyer.alt)}" loading="lazy" decoding="async"></picture>\n        `
    : '';
  return `      <li class="event${flyer ? ' with-flyer' : ''}">
        ${picture}<p class="tags"><span class="badge badge-${row.type}">${escapeHtml(eventTypeLabel(language, row.type))}</span>${
          row.verified ? ` <span class="badge badge-verified">${escapeHtml(verified)}</span>` : ''
        }${
          row.schedule === 'scheduled'
            ? ''
            : ` <span class="badge badge-${row.schedule}">${escapeHtml(scheduleLabel(language, row.schedule))}</span>`
        }</p>
        <h2 class="title" dir="auto"><a href="${escapeHtml(inLanguage(eventPageUrl(publicUrl, row.id), language))}" ${OUT}>${escapeHtml(row.title)}</a></h2>
        <p class="when${row.schedule === 'scheduled' ? '' : ' called-off'}"><time datetime="${date.toISOString()}">${escapeHtml(when)}</time> <span class="zone">${escapeHtml(zone)}</span></p>
${repeatsLine(row, language)}        <p class="where"><span dir="auto">${escapeHtml(areaText(row, language))}</span>${
    row.organizer ? ` <span class="by">· ${byOrganizer(row.organizer, language)}</span>` : ''
  }</p>
      </li>`;
}

/**
 * The list partner sites show in an <iframe>: plain HTML, one stylesheet, and one small script that
 * only tells the framing page its height (docs/PRODUCT.md#subscribe-and-embed).
 */
export function renderEmbedPage({
  siteTitle,
  publicUrl,
  filters,
  rows,
  theme = 'auto',
  language = DEFAULT_LANGUAGE,
}: EmbedPageInput): string {
  const t = translatorFor(language, 'calendar');
  const home = inLanguage(`${publicUrl}/${filterQuery(filters)}`, language);
  const subscribe = inLanguage(`${publicUrl}/subscribe${filterQuery(filters)}`, language);
  const list = rows.length
    ? `    <ol class="events">\n${rows.map((row) => eventItem(row, publicUrl, language)).join('\n')}\n    </ol>`
    : `    <p class="empty">${escapeHtml(t(hasActiveFilters(filters) ? 'embed.emptyFiltered' : 'embed.empty'))}</p>`;
  return page(
    siteTitle,
    `    <header class="head">
      <h1 class="site"><a href="${escapeHtml(home)}" ${OUT}>${escapeHtml(siteTitle)}</a></h1>
      <p>${escapeHtml(t('embed.heading'))}</p>
    </header>
    <main>
${list}
    </main>
    <footer class="foot">
      <a href="${escapeHtml(home)}" ${OUT}>${escapeHtml(t('embed.allEvents'))}</a>
      <a href="${escapeHtml(subscribe)}" ${OUT}>${escapeHtml(t('embed.subscribe'))}</a>
    </footer>`,
    theme,
    language,
  );
}

/** The embed page's answer to a query it cannot read (shown inside the partner's frame). */
export function renderEmbedError(
  siteTitle: string,
  message: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  return page(
    siteTitle,
    `    <main>
      <p class="empty" role="alert">${escapeHtml(message)}</p>
    </main>`,
    'auto',
    language,
  );
}
