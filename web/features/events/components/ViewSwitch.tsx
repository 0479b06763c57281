import { filtersToSearch, HOME_VIEWS, type HomeFilters, type HomeView } from '../../../../common/filters';
import { browserTimeZone } from '../../../../common/timezones';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import { useHydrated } from '../../../lib/useHydrated';

/**
 * "List | Month" beside the list (docs/PRODUCT.md#home): two links, so the choice works without
 * JavaScript, the current one marked with aria-current. What narrows the list is kept; the month is
 * read on the viewer's calendar once the page runs (the address's zone, else the browser's).
 */
export function ViewSwitch({ filters }: { filters: HomeFilters }) {
  const { t } = useTranslation('events');
  const hydrated = useHydrated();
  const hrefFor = (view: HomeView) => {
    const tz = view === 'month' ? filters.tz || (hydrated ? browserTimeZone() : '') : filters.tz;
    return `/${filtersToSearch({ ...filters, view, month: view === filters.view ? filters.month : '', tz, page: 1 })}`;
  };
  return (
    <nav aria-label={t('view.label')}>
      <div className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5 dark:border-stone-700 dark:bg-stone-900">
        {HOME_VIEWS.map((view) => (
          <Link
            key={view}
            to={hrefFor(view)}
            aria-current={filters.view === view ? 'page' : undefined}
            data-testid={`view-${view}`}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:text-stone-300 dark:aria-[current=page]:bg-brand-700"
          >
            {t(`view.${view}`)}
          </Link>
        ))}
      </div>
    </nav>
  );
}
