import { CalendarPlus, Repeat } from 'lucide-react';
import { formatEventDateTime } from '../../../../common/dates';
import { eventPagePath } from '../../../../common/links';
import type { EventDto } from '../../../../common/schemas/events';
import { repeatsText } from '../../../../common/seriesText';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import { seriesIcsPath, useSeries } from '../../../lib/series';
import { useHydrated } from '../../../lib/useHydrated';
import { DetailRow } from './EventDetailParts';

/**
 * An occurrence's series on its page (docs/PRODUCT.md#recurring-events): how it repeats and how many
 * dates, "Add the whole series" (its .ics with the rule), and every date with a link to its own page
 * (read by the server with the page, web/entry-server.tsx; asked again once the page runs).
 */
export function SeriesDates({ event }: { event: EventDto }) {
  const { t, i18n } = useTranslation('events');
  const locale = localeOfI18n(i18n);
  const hydrated = useHydrated();
  const series = event.series;
  const query = useSeries(series?.id, hydrated && series !== undefined);
  if (!series) return null;
  const dates = query.data?.occurrences ?? [];
  return (
    <DetailRow
      className="sm:col-span-2"
      icon={<Repeat aria-hidden="true" className="size-5" />}
      label={t('common:repeats.label')}
    >
      <p data-testid="event-repeats">
        {repeatsText(t, series, locale)}
        {' · '}
        {t('common:repeats.dates', { count: series.total })}
      </p>
      {series.moved ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{t('common:repeats.moved')}</p>
      ) : null}
      <a
        href={seriesIcsPath(series.id)}
        className="mt-1 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
        data-testid="series-ics"
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        {t('common:repeats.addSeries')}
      </a>
      {dates.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium">{t('common:repeats.allDates')}</summary>
          <ol className="mt-2 space-y-1 text-sm" data-testid="series-dates">
            {dates.map((date) => {
              const called = date.schedule !== 'scheduled';
              return (
                <li key={date.id}>
                  {/* As the server wrote it, where the browser's zone data disagree (Morocco's clock). */}
                  <Link
                    to={eventPagePath(date.id)}
                    aria-current={date.id === event.id ? 'page' : undefined}
                    suppressHydrationWarning
                    className={`hover:underline aria-[current=page]:font-semibold ${called ? 'line-through' : ''}`}
                  >
                    {formatEventDateTime(date.date, event.timezone, locale)}
                  </Link>
                  {/* Struck through for the eye; said in words, for everyone else too. */}
                  {called ? <> · {t(`common:event.schedules.${date.schedule}`)}</> : null}
                </li>
              );
            })}
          </ol>
        </details>
      ) : null}
    </DetailRow>
  );
}
