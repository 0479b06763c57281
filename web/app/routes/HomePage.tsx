import { CalendarX2, CircleAlert, Plus, RotateCcw, SearchX, ShieldCheck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useMemo, useRef } from 'react';
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  filtersToSearch,
  type HomeFilters,
  hasActiveFilters,
  rangeTooLong,
  withFilter,
} from '../../../common/filters';
import { LIMITS } from '../../../common/limits';
import { formatMonthTitle, monthOf } from '../../../common/monthGrid';
import { pageCount } from '../../../common/paging';
import { browserTimeZone } from '../../../common/timezones';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Placeholders } from '../../components/ui/Card';
import { StateMessage } from '../../components/ui/Notice';
import { Pager, pagerLabels } from '../../components/ui/Pager';
import { LazyAddToCalendar } from '../../features/calendar/components/LazyAddToCalendar';
import { SubscribeLink } from '../../features/calendar/components/SubscribeLink';
import { useEventList, useMonthEvents } from '../../features/events/api/events';
import { DayHeading } from '../../features/events/components/DayHeading';
import { EventCard, EventCardSkeleton } from '../../features/events/components/EventCard';
import { type FilterChange, FilterPanel } from '../../features/events/components/FilterPanel';
import { ViewSwitch } from '../../features/events/components/ViewSwitch';
import { WhenToggle } from '../../features/events/components/WhenToggle';
import { groupByDay } from '../../features/events/lib/dayGroups';
import { useTranslation } from '../../i18n/react';
import { config } from '../../lib/config';
import { loadOnce } from '../../lib/loadOnce';
import { trackLoad } from '../../lib/navigationProgress';
import { useLocation, useSearchParams } from '../../lib/router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLocale } from '../../lib/useLocale';

// The month view's code loads when it is first shown (web/main.tsx starts it early for a rendered one).
const monthViewCode = loadOnce(() => trackLoad(import('../../features/events/components/MonthView')));
const MonthView = lazy(monthViewCode.load);
/** The month view's code when the home view at `search` shows it and it is not here yet, else null. */
export const missingMonthView = (search: string) =>
  filtersFromParams(new URLSearchParams(search)).view === 'month' && !monthViewCode.loaded()
    ? monthViewCode.load()
    : null;

const gridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6';

/**
 * How many of the list's first cards a first screen shows (one on a phone, about three on a desktop):
 * the first flyer among them is the page's main image, fetched at once and first; the rest load lazily.
 */
const FIRST_SCREEN_CARDS = 3;

// Shown only for a range of days the API refuses: its code loads then (FilterHints.tsx).
const RangeTooLong = lazy(() =>
  import('../../features/events/components/FilterHints').then((hints) => ({ default: hints.RangeTooLong })),
);

function Hero() {
  const { t } = useTranslation('events');
  return (
    <section className="border-b border-stone-200 bg-gradient-to-b from-white to-brand-50/60 dark:border-stone-800 dark:from-stone-900 dark:to-stone-900">
      <div className="mx-auto max-w-6xl px-4 pt-7 pb-8 sm:px-6 sm:pt-8 sm:pb-9">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
          {t('hero.eyebrow')}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-950 sm:text-4xl lg:text-[2.75rem] dark:text-white">
          {t('hero.title', { siteTitle: config.siteTitle })}
        </h1>
        <p className="mt-3 max-w-2xl text-base leading-relaxed text-pretty text-stone-700 dark:text-stone-300">
          {t('hero.mission')}
        </p>
        <div className="mt-5 hidden sm:block">
          <ButtonLink to="/submit">
            <Plus aria-hidden="true" className="size-4" />
            {t('hero.submit')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

export function HomePage() {
  const { t } = useTranslation('events');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const monthView = filters.view === 'month';
  // A range of days the API would refuse is not asked for (the server renderer asks nothing either).
  const tooLong = rangeTooLong(filters);
  const list = useEventList(filters, !monthView && !tooLong);
  const month = useMonthEvents(filters, monthView);
  const locale = useLocale();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const viewerZone = useMemo(() => browserTimeZone(), []);
  // "Now" for Past Event tags and relative hints: the moment this list arrived.
  const now = useMemo(() => new Date(list.dataUpdatedAt || Date.now()), [list.dataUpdatedAt]);
  const active = hasActiveFilters(filters);

  useDocumentTitle(config.siteTitle, { alone: true });

  // Read the current URL at the moment of the change, so a late debounced keystroke never undoes
  // a change made in between (a type picked while typing, for example).
  const update = (change: (current: HomeFilters) => HomeFilters, replace: boolean) =>
    setParams((current) => filtersToParams(change(filtersFromParams(current))), { replace });

  const onFilterChange = (change: FilterChange, { replace }: { replace: boolean }) =>
    update((current) => withFilter(current, change), replace);

  // Clear filters is a link (it works without JavaScript too): the same view with no search, location or type.
  const clearHref = active
    ? `/${filtersToSearch({ ...DEFAULT_FILTERS, when: filters.when, view: filters.view, month: filters.month, tz: filters.tz })}`
    : null;

  const focusList = () => {
    // After a page change, start reading from the list heading, not the bottom of the old page.
    requestAnimationFrame(() => {
      headingRef.current?.focus({ preventScroll: true });
      headingRef.current?.scrollIntoView({ block: 'start' });
    });
  };

  // Not the list of the range before (kept while the next loads): none belongs to this one.
  const data = tooLong ? undefined : list.data;
  const backTo = `/${location.search}`;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  let body: ReactNode;
  if (tooLong) {
    body = (
      <Suspense fallback={null}>
        <RangeTooLong id={`${headingId}-range`} />
      </Suspense>
    );
  } else if (list.isPending) {
    body = (
      <div role="status" aria-label={t('list.loading')}>
        <div className={gridClass} data-testid="event-placeholders">
          <Placeholders count={LIMITS.homePlaceholders}>
            <EventCardSkeleton />
          </Placeholders>
        </div>
      </div>
    );
  } else if (list.isError && !data) {
    body = (
      <div role="alert">
        <StateMessage
          icon={<CircleAlert aria-hidden="true" className="size-10 text-danger-600 dark:text-red-400" />}
          title={t('list.errorTitle')}
          text={t('list.errorText')}
          action={
            <Button onClick={() => list.refetch()} disabled={list.isFetching}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('list.tryAgain')}
            </Button>
          }
        />
      </div>
    );
  } else if (data && data.events.length === 0 && data.total > 0) {
    body = (
      <StateMessage
        icon={<SearchX aria-hidden="true" className="size-10" />}
        title={t('list.emptyTitle')}
        text={t('list.beyondLastPage')}
        action={
          <ButtonLink variant="secondary" to={`/${filtersToSearch({ ...filters, page: 1 })}`}>
            {t('list.firstPage')}
          </ButtonLink>
        }
      />
    );
  } else if (data && data.events.length === 0) {
    body = (
      <StateMessage
        icon={
          active ? (
            <SearchX aria-hidden="true" className="size-10" />
          ) : (
            <CalendarX2 aria-hidden="true" className="size-10" />
          )
        }
        title={t('list.emptyTitle')}
        text={
          data.near && !data.near.city && data.near.message
            ? data.near.message
            : active
              ? t('list.emptyFiltered')
              : filters.when === 'past'
                ? t('list.emptyPast')
                : t('list.emptyUpcoming')
        }
        action={
          clearHref ? (
            <ButtonLink variant="secondary" to={clearHref}>
              {t('filters.clear')}
            </ButtonLink>
          ) : filters.when === 'upcoming' ? (
            <ButtonLink to="/submit">
              <Plus aria-hidden="true" className="size-4" />
              {t('hero.submit')}
            </ButtonLink>
          ) : null
        }
      />
    );
  } else if (data) {
    const eagerFlyerId = data.events.slice(0, FIRST_SCREEN_CARDS).find((event) => event.image)?.id;
    body = (
      <>
        {/*
          Without JavaScript the page cannot know the reader's zone: it says whose days these are, and
          that each time is the event's own. Its words are the server's alone (noscript.json, never
          loaded in the browser, where this is never shown and React leaves it as the server wrote it).
        */}
        <noscript>
          <p className="mb-4 text-sm text-stone-600 dark:text-stone-400">
            {t('noscript:listTimes', { zone: viewerZone })}
          </p>
        </noscript>
        <div
          className={`space-y-8 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={list.isPlaceholderData}
        >
          {groupByDay(data.events, viewerZone, now, filters.when).map((group) => (
            <section key={group.day} aria-labelledby={`${headingId}-${group.day}`}>
              <DayHeading id={`${headingId}-${group.day}`} group={group} now={now} viewerZone={viewerZone} />
              <ul className="mt-3 grid grid-cols-1 gap-3 sm:gap-4">
                {group.events.map((event) => (
                  <li key={event.id} className="min-w-0">
                    <EventCard
                      event={event}
                      viewerZone={viewerZone}
                      now={now}
                      backTo={backTo}
                      headingLevel={4}
                      layout="row"
                      eagerFlyer={event.id === eagerFlyerId}
                      calendarButton={<LazyAddToCalendar event={event} compact />}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <Pager
          page={filters.page}
          pages={pages}
          hrefFor={(page) => `/${filtersToSearch({ ...filters, page })}`}
          onNavigate={focusList}
          className="mt-10"
          labels={pagerLabels(t, filters.page, pages)}
        />
      </>
    );
  }

  return (
    <>
      <Hero />
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="-mt-px pt-6 sm:pt-8">
          <FilterPanel
            filters={filters}
            onChange={onFilterChange}
            clearHref={clearHref}
            near={monthView ? month.data?.near : data?.near}
            rangeHint={tooLong ? `${headingId}-range` : undefined}
          />
        </div>

        <section aria-labelledby={headingId} className="mt-8 sm:mt-10">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <h2
              id={headingId}
              ref={headingRef}
              tabIndex={-1}
              className="flex scroll-mt-24 items-center gap-3 text-2xl font-bold tracking-tight text-stone-900 outline-none dark:text-white"
            >
              {monthView
                ? formatMonthTitle(
                    filters.month ||
                      (month.data && !month.isPlaceholderData
                        ? month.data.month
                        : monthOf('', filters.tz, month.dataUpdatedAt || Date.now())),
                    locale,
                  )
                : filters.when === 'past'
                  ? t('list.past')
                  : t('list.upcoming')}
              {data && !monthView ? (
                <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-sm font-semibold text-stone-800 tabular-nums dark:bg-stone-800 dark:text-stone-100">
                  <span aria-hidden="true" data-testid="event-count">
                    {data.total}
                  </span>
                  <span className="sr-only">{t('list.count', { count: data.total })}</span>
                </span>
              ) : null}
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              {data && list.isPlaceholderData && !monthView ? (
                <span role="status" className="text-sm text-stone-500 dark:text-stone-400">
                  {t('list.updating')}
                </span>
              ) : null}
              <ViewSwitch filters={filters} />
              <SubscribeLink filters={filters} />
              {monthView ? null : (
                <WhenToggle
                  value={filters.when}
                  onChange={(when) => update((current) => withFilter(current, { when }), false)}
                  hrefFor={(when) => `/${filtersToSearch(withFilter(filters, { when }))}`}
                />
              )}
            </div>
          </div>
          {monthView ? <MonthView filters={filters} headingId={headingId} /> : body}
        </section>

        <aside className="mt-12 flex gap-3 rounded-xl border border-stone-200 bg-white p-4 text-sm leading-relaxed text-stone-700 sm:p-5 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300">
          <ShieldCheck
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-100"
          />
          <p>{t('list.note')}</p>
        </aside>
      </div>
    </>
  );
}
