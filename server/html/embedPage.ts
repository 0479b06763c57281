import { formatEventDateTime, formatZoneName } from '../../common/dates';
import { type FeedFilters, hasActiveFilters } from '../../common/filters';
import { type EmbedTheme, eventPageUrl, filterQuery } from '../../common/links';
import { areaText } from '../presenters/place';
import { EVENT_TYPE_LABELS, SCHEDULE_LABELS } from '../routes/calendar/links';
import type { EventRow } from '../store/schema';
import { plainPage } from './plainPage';
import { escapeHtml } from './shell';

export interface EmbedPageInput {
  siteTitle: string;
  publicUrl: string;
  filters: FeedFilters;
  rows: EventRow[];
  theme?: EmbedTheme;
}

// Links leave the frame for a new tab: the partner's page stays, and our page gets no access to it.
const OUT = 'target="_blank" rel="noopener noreferrer"';

function page(siteTitle: string, body: string, theme: EmbedTheme = 'auto'): string {
  return plainPage({
    title: `Upcoming events · ${siteTitle}`,
    stylesheet: '/embed.css',
    head: ['<meta name="robots" content="noindex">'],
    body,
    theme,
    // Tells the page around the frame its height, for embed.js there (the plain frame works without).
    scripts: ['/embed-frame.js'],
  });
}

function eventItem(row: EventRow, publicUrl: string): string {
  const date = new Date(row.starts_at);
  const when = formatEventDateTime(date, row.timezone);
  const zone = formatZoneName(date, row.timezone);
  return `      <li class="event">
        <p class="tags"><span class="badge badge-${row.type}">${escapeHtml(EVENT_TYPE_LABELS[row.type])}</span>${
          row.verified ? ' <span class="badge badge-verified">Verified</span>' : ''
        }${
          row.schedule === 'scheduled'
            ? ''
            : ` <span class="badge badge-${row.schedule}">${escapeHtml(SCHEDULE_LABELS[row.schedule])}</span>`
        }</p>
        <h2 class="title" dir="auto"><a href="${escapeHtml(eventPageUrl(publicUrl, row.id))}" ${OUT}>${escapeHtml(row.title)}</a></h2>
        <p class="when${row.schedule === 'scheduled' ? '' : ' called-off'}"><time datetime="${date.toISOString()}">${escapeHtml(when)}</time> <span class="zone">${escapeHtml(zone)}</span></p>
        <p class="where"><span dir="auto">${escapeHtml(areaText(row))}</span>${
          row.organizer
            ? ` <span class="by">· by <span dir="auto">${escapeHtml(row.organizer)}</span></span>`
            : ''
        }</p>
      </li>`;
}

/**
 * The list partner sites show in an <iframe>: plain HTML, one stylesheet, and one small script that
 * only tells the framing page its height (docs/PRODUCT.md#subscribe-and-embed).
 */
export function renderEmbedPage({ siteTitle, publicUrl, filters, rows, theme }: EmbedPageInput): string {
  const home = `${publicUrl}/${filterQuery(filters)}`;
  const subscribe = `${publicUrl}/subscribe${filterQuery(filters)}`;
  const list = rows.length
    ? `    <ol class="events">\n${rows.map((row) => eventItem(row, publicUrl)).join('\n')}\n    </ol>`
    : `    <p class="empty">No upcoming events${
        hasActiveFilters(filters) ? ' match these filters' : ''
      } yet.</p>`;
  return page(
    siteTitle,
    `    <header class="head">
      <h1 class="site"><a href="${escapeHtml(home)}" ${OUT}>${escapeHtml(siteTitle)}</a></h1>
      <p>Upcoming events</p>
    </header>
    <main>
${list}
    </main>
    <footer class="foot">
      <a href="${escapeHtml(home)}" ${OUT}>All events</a>
      <a href="${escapeHtml(subscribe)}" ${OUT}>Subscribe</a>
    </footer>`,
    theme,
  );
}

/** The embed page's answer to a query it cannot read (shown inside the partner's frame). */
export function renderEmbedError(siteTitle: string, message: string): string {
  return page(
    siteTitle,
    `    <main>
      <p class="empty" role="alert">${escapeHtml(message)}</p>
    </main>`,
  );
}
