import { ChevronLeft, ChevronRight, CircleAlert, RotateCcw } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { calendarDay, formatTime } from '../../../../common/dates';
import type { EventType } from '../../../../common/enums';
import { overAt } from '../../../../common/eventTime';
import { filtersToSearch, type HomeFilters } from '../../../../common/filters';
import { daysOfMonth } from '../../../../common/monthGrid';
import {
  addMonths,
  firstDayOfWeek,
  formatDayNumber,
  formatGridDay,
  monthWeeks,
  weekdayNames,
} from '../../../../common/monthLayout';
import type { MonthEventDto } from '../../../../common/schemas/events';
import { browserTimeZone } from '../../../../common/timezones';
import { Button, buttonClass } from '../../../components/ui/Button';
import { StateMessage } from '../../../components/ui/Notice';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { useDirection } from '../../../lib/useDirection';
import { useHydrated } from '../../../lib/useHydrated';
import { useLocale } from '../../../lib/useLocale';
import { useZoneName } from '../../../lib/useZoneName';
import { zoneLabel } from '../../../lib/zoneLabel';
import messages from '../../../locales/en/month.json';
import { useMonthEvents } from '../api/events';

addCatalog('month', messages);

/** The type's colour as a dot (its badge's hue: web/components/EventBadges.tsx). */
const TYPE_DOTS: Record<EventType, string> = {
  protest: 'bg-orange-500',
  cultural: 'bg-fuchsia-500',
  educational: 'bg-blue-500',
  digital: 'bg-violet-500',
};

/** What the router carries to the next month when the keyboard went there: the day to focus. */
interface MonthNavigationState {
  focusDay?: number;
}

const navClass = buttonClass('secondary', 'sm', 'min-h-11 min-w-11 justify-center sm:min-h-0');

/**
 * The month view of the home page (docs/PRODUCT.md#home): a table of weeks, each day with its first
 * events (title, time) and "+N more", a link to that day's list. The server renders it, and it works
 * as links without JavaScript. With it, the days are one tab stop: arrow keys move between them (in
 * the direction they point, right to left too), Home and End to the week's ends, Page Up and Page Down
 * to the same day of the month before or after; Enter opens the day. On a phone a day shows dots for
 * its events and opens the day's list.
 */
export default function MonthView({ filters, headingId }: { filters: HomeFilters; headingId: string }) {
  const { t } = useTranslation(['month', 'events']);
  const locale = useLocale();
  const dir = useDirection();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useMonthEvents(filters, true);
  const data = query.data;
  const tableRef = useRef<HTMLTableElement>(null);
  const keysId = useId();
  // The zone whose calendar the month is read in: the address's, else (once the page runs) the viewer's.
  const zone = filters.tz || (hydrated ? browserTimeZone() : '');
  const hrefOf = (change: Partial<HomeFilters>) =>
    `/${filtersToSearch({ ...filters, tz: zone, ...change, view: change.view ?? 'month' })}`;

  const today = calendarDay(new Date(query.dataUpdatedAt || Date.now()), data?.tz ?? 'UTC');
  // The zone the days and times are in, named ("London time (GMT)") once the page runs; its id until
  // then ("UTC" for a page rendered without one).
  const zoneName = useZoneName(
    hydrated && data ? { zone: data.tz, instant: `${data.month}-15T12:00:00Z`, locale } : null,
  );
  const [active, setActive] = useState<string | null>(null);
  const focusDay = (location.state as MonthNavigationState | null)?.focusDay;
  const focused = useRef<string | null>(null);

  // After Page Up/Down (or an arrow past the month's edge), focus that day once its month is here.
  useEffect(() => {
    if (!data || query.isPlaceholderData || focusDay === undefined || focused.current === location.key)
      return;
    const day = data.days[Math.min(focusDay, data.days.length) - 1]?.day;
    if (!day) return;
    focused.current = location.key;
    setActive(day);
    tableRef.current?.querySelector<HTMLElement>(`[data-day="${day}"] a[data-day-link]`)?.focus();
  }, [data, query.isPlaceholderData, focusDay, location.key]);

  if (!data) {
    if (query.isError) {
      return (
        <div role="alert">
          <StateMessage
            icon={<CircleAlert aria-hidden="true" className="size-10 text-danger-600 dark:text-red-400" />}
            title={t('events:list.errorTitle')}
            text={t('events:list.errorText')}
            action={
              <Button onClick={() => query.refetch()} disabled={query.isFetching}>
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('events:list.tryAgain')}
              </Button>
            }
          />
        </div>
      );
    }
    return (
      <div role="status" className="py-16 text-center text-stone-600 dark:text-stone-400">
        {t('loading')}
      </div>
    );
  }

  const shown = data.month;
  const firstDay = firstDayOfWeek(locale);
  const weeks = monthWeeks(shown, firstDay);
  const longNames = weekdayNames(locale, firstDay, 'long');
  const shortNames = weekdayNames(locale, firstDay, 'short');
  const narrowNames = weekdayNames(locale, firstDay, 'narrow');
  const byDay = new Map(data.days.map((d) => [d.day, d]));
  const days = data.days.map((d) => d.day);
  const rovingDay = active && byDay.has(active) ? active : byDay.has(today) ? today : (days[0] ?? '');
  const monthTotal = data.days.reduce((sum, d) => sum + d.total, 0);
  const backTo = `/${location.search}`;

  /** The day's own list: that day, past or upcoming as the day is. */
  const dayHref = (day: string) =>
    hrefOf({ view: 'list', month: '', from: day, to: day, when: day < today ? 'past' : 'upcoming' });

  const timeOf = (event: MonthEventDto, day: string) => {
    const startsAt = Date.parse(event.date);
    const endsAt = overAt(startsAt, event.endDate ? Date.parse(event.endDate) : null);
    if (calendarDay(new Date(startsAt), data.tz) === day) return formatTime(event.date, data.tz, locale);
    // Its last day, unless it ends at that day's end (an end date given without a time): all of it.
    if (calendarDay(new Date(endsAt - 1), data.tz) === day && calendarDay(new Date(endsAt), data.tz) === day)
      return t('until', { time: formatTime(new Date(endsAt), data.tz, locale) });
    return t('allDay');
  };

  const focusOn = (day: string) => {
    setActive(day);
    tableRef.current?.querySelector<HTMLElement>(`[data-day="${day}"] a[data-day-link]`)?.focus();
  };

  const goToMonth = (months: number, dayOfMonth: number) =>
    navigate(hrefOf({ month: addMonths(shown, months) }), {
      state: { focusDay: dayOfMonth } satisfies MonthNavigationState,
    });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-day]');
    const day = cell?.dataset.day;
    if (!day || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = days.indexOf(day);
    const dayOfMonth = index + 1;
    const forward = dir === 'rtl' ? -1 : 1;
    let move: number | null = null;
    switch (event.key) {
      case 'ArrowRight':
        move = forward;
        break;
      case 'ArrowLeft':
        move = -forward;
        break;
      case 'ArrowDown':
        move = 7;
        break;
      case 'ArrowUp':
        move = -7;
        break;
      case 'Home':
      case 'End': {
        const week = weeks.find((w) => w.includes(day)) ?? [];
        const inWeek = week.filter((d): d is string => d !== null);
        const target = event.key === 'Home' ? inWeek[0] : inWeek.at(-1);
        if (target) focusOn(target);
        event.preventDefault();
        return;
      }
      case 'PageUp':
      case 'PageDown':
        event.preventDefault();
        void goToMonth(event.key === 'PageUp' ? -1 : 1, dayOfMonth);
        return;
      default:
        return;
    }
    event.preventDefault();
    const target = index + move;
    const next = days[target];
    if (next) focusOn(next);
    else if (target < 0) void goToMonth(-1, daysOfMonth(addMonths(shown, -1)).length + target + 1);
    else void goToMonth(1, target - days.length + 1);
  };

  return (
    <div aria-busy={query.isPlaceholderData}>
      <nav aria-label={t('label')} className="mb-4 flex flex-wrap items-center gap-2">
        <Link to={hrefOf({ month: addMonths(shown, -1) })} className={navClass} data-testid="month-previous">
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          <span className="sr-only sm:not-sr-only">{t('previous')}</span>
        </Link>
        <Link to={hrefOf({ month: '' })} className={navClass} data-testid="month-today">
          {t('today')}
        </Link>
        <Link to={hrefOf({ month: addMonths(shown, 1) })} className={navClass} data-testid="month-next">
          <span className="sr-only sm:not-sr-only">{t('next')}</span>
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Link>
        <p className="text-xs text-stone-600 sm:ms-auto dark:text-stone-400" data-testid="month-zone">
          {t('zone', { zone: zoneName ? zoneLabel(t, zoneName) : data.tz })}
        </p>
      </nav>
      {monthTotal === 0 ? (
        <p role="status" className="mb-4 text-sm text-stone-600 dark:text-stone-400">
          {filters.search || filters.location || filters.type !== 'all' || filters.online
            ? t('emptyFiltered')
            : t('empty')}
        </p>
      ) : null}
      <p id={keysId} className="sr-only">
        {t('keys')}
      </p>
      <table
        ref={tableRef}
        aria-labelledby={headingId}
        aria-describedby={keysId}
        onKeyDown={onKeyDown}
        className={`w-full table-fixed border-collapse transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        data-testid="month-grid"
        data-month={shown}
      >
        <thead>
          <tr>
            {longNames.map((name, i) => (
              <th
                key={name}
                scope="col"
                abbr={name}
                className="pb-2 text-center text-xs font-semibold text-stone-600 uppercase sm:text-start sm:ps-2 dark:text-stone-400"
              >
                <span aria-hidden="true" className="sm:hidden">
                  {narrowNames[i]}
                </span>
                <span aria-hidden="true" className="hidden sm:inline">
                  {shortNames[i]}
                </span>
                <span className="sr-only">{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) => {
                if (!day)
                  return (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is only its place
                      key={i}
                      className="border border-stone-200 bg-stone-50 dark:border-stone-800 dark:bg-stone-950"
                    />
                  );
                const entry = byDay.get(day);
                const total = entry?.total ?? 0;
                const events = entry?.events ?? [];
                const more = total - events.length;
                const isToday = day === today;
                const date = formatGridDay(day, locale);
                return (
                  <td
                    key={day}
                    data-day={day}
                    data-total={total}
                    className={`h-14 border border-stone-200 p-0 align-top sm:h-32 dark:border-stone-800 ${isToday ? 'bg-brand-50 dark:bg-brand-900/30' : 'bg-white dark:bg-stone-900'}`}
                  >
                    <div className="flex h-full flex-col sm:p-1.5">
                      <Link
                        to={dayHref(day)}
                        data-day-link=""
                        tabIndex={hydrated && day !== rovingDay ? -1 : undefined}
                        onFocus={() => setActive(day)}
                        aria-current={isToday ? 'date' : undefined}
                        aria-label={t('dayLabel', { date, events: t('events:list.count', { count: total }) })}
                        className="flex min-h-11 flex-1 flex-col items-center gap-1 rounded-md pt-1.5 text-sm font-semibold text-stone-900 tabular-nums hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700 sm:min-h-0 sm:flex-none sm:items-start sm:self-start sm:px-1.5 sm:pt-0 dark:text-stone-100 dark:hover:bg-stone-800 dark:focus-visible:outline-brand-100"
                      >
                        <span
                          className={
                            isToday
                              ? 'rounded-full bg-brand-700 px-1.5 text-white dark:bg-brand-100 dark:text-brand-900'
                              : undefined
                          }
                        >
                          {formatDayNumber(day, locale)}
                        </span>
                        {total > 0 ? (
                          <span aria-hidden="true" className="flex gap-0.5 sm:hidden" data-testid="day-dots">
                            {events.map((event) => (
                              <span
                                key={event.id}
                                className={`size-1.5 rounded-full ${TYPE_DOTS[event.type]}`}
                              />
                            ))}
                            {more > 0 ? (
                              <span className="text-[0.625rem] leading-none font-medium">+</span>
                            ) : null}
                          </span>
                        ) : null}
                      </Link>
                      {events.length > 0 ? (
                        <ul className="mt-1 hidden min-w-0 space-y-0.5 sm:block">
                          {events.map((event) => (
                            <li key={event.id} className="min-w-0">
                              <Link
                                to={`/event/${event.id}`}
                                state={{ backTo }}
                                className="block rounded px-1 py-0.5 text-xs leading-snug text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700 dark:text-stone-200 dark:hover:bg-stone-800"
                              >
                                {/*
                                  The two lines take the title's direction (user text, dir="auto"; the
                                  time, in the page's language, is a <bdi> the direction skips), so an
                                  English title on an Arabic page is cut at its own end. The dot and the
                                  time stay together, and a space lets the title start the next line.
                                */}
                                <span dir="auto" className="line-clamp-2 break-words">
                                  <span className="whitespace-nowrap">
                                    <span
                                      aria-hidden="true"
                                      className={`me-1 inline-block size-1.5 translate-y-[-1px] rounded-full align-middle ${TYPE_DOTS[event.type]}`}
                                    />
                                    {/* As the server wrote it, where zone data disagree: EventDate.tsx */}
                                    <bdi
                                      className="text-stone-600 tabular-nums dark:text-stone-400"
                                      suppressHydrationWarning
                                    >
                                      {timeOf(event, day)}
                                    </bdi>
                                  </span>{' '}
                                  <span
                                    data-testid="month-event-title"
                                    className={`font-medium ${event.schedule === 'scheduled' ? '' : 'line-through'}`}
                                  >
                                    {event.title}
                                  </span>
                                </span>
                                {event.schedule === 'scheduled' ? null : (
                                  <span className="sr-only">
                                    {t(`common:event.schedules.${event.schedule}`)}
                                  </span>
                                )}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                      {more > 0 ? (
                        <Link
                          to={dayHref(day)}
                          aria-label={t('moreLabel', { count: more, date })}
                          className="mt-0.5 hidden self-start rounded px-1 text-xs font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 sm:block dark:text-brand-100"
                        >
                          {t('more', { count: more })}
                        </Link>
                      ) : null}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
