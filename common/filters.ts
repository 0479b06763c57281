/**
 * The home page's filters, and the rules every other view of the same list follows: the API query,
 * the server-rendered home page, feeds, the embed page and the subscribe page (docs/PRODUCT.md#home).
 * In an address they are query parameters (search, location, near, km, type, when, page), so a filtered view can
 * be shared and the back button works; defaults are left out, so plain views keep a plain address;
 * anything odd in a hand-edited address falls back to the default. Zod-free, for the first bundle; the
 * API validates the same parameters with listEventsQuerySchema (common/schemas/events.ts).
 */
import { isCalendarDate } from './dates';
import { type EventType, isEventType } from './enums';
import { LIMITS } from './limits';
import { PAGE_MAX } from './paging';
import { isPeriod, type Period, RANGE_MAX_DAYS } from './periods';
import { isValidTimeZone } from './timezones';

export type TypeFilter = 'all' | EventType;
export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type WhenFilter = (typeof EVENT_WHEN)[number];
/** How far from the city typed in "Near" an event may be, in km; the first is not the default. */
export const NEAR_KM = [10, 25, 50, 100] as const;
export type NearKm = (typeof NEAR_KM)[number];
export const NEAR_KM_DEFAULT: NearKm = 25;
export const isNearKm = (value: number): value is NearKm => (NEAR_KM as readonly number[]).includes(value);
export const HOME_VIEWS = ['list', 'month'] as const;
export type HomeView = (typeof HOME_VIEWS)[number];

export interface HomeFilters {
  /** The list (default) or a month's calendar grid (docs/PRODUCT.md#home). */
  view: HomeView;
  /** The month the grid shows ('YYYY-MM'); '' is the viewer's current month. Only in the month view. */
  month: string;
  search: string;
  location: string;
  /** A city (as typed: "Paris", "Paris, FR"); events within `km` of it, by the server's gazetteer. */
  near: string;
  km: NearKm;
  type: TypeFilter;
  when: WhenFilter;
  /** Today, This weekend, Next 7 days, This month (common/periods.ts); 'any' by default. */
  period: Period;
  /** A chosen range of days ('YYYY-MM-DD', '' when none), which takes the place of `period`. */
  from: string;
  to: string;
  /** Only events one can attend online. */
  online: boolean;
  /** The zone whose calendar the period and days are read in (the viewer's); '' means UTC. */
  tz: string;
  page: number;
}

/** The filters a feed, the embed page and the subscribe page take: what narrows the list. */
export type FeedFilters = Pick<HomeFilters, 'search' | 'location' | 'near' | 'km' | 'type'>;

/** The query parameters of the home page, in the order its addresses write them. */
export const HOME_FILTER_PARAMS = [
  'view',
  'month',
  'search',
  'location',
  'near',
  'km',
  'type',
  'when',
  'period',
  'from',
  'to',
  'online',
  'tz',
  'page',
] as const;

/** No period, no days, not only online: the whole list (feeds, the embed page). */
export const ANY_TIME = { period: 'any', from: '', to: '', online: false, tz: '', near: '', km: 25 } as const;

export const DEFAULT_FILTERS: HomeFilters = {
  view: 'list',
  month: '',
  search: '',
  location: '',
  near: '',
  km: NEAR_KM_DEFAULT,
  type: 'all',
  when: 'upcoming',
  period: 'any',
  from: '',
  to: '',
  online: false,
  tz: '',
  page: 1,
};

/** Whether the API takes `from` to `to` as one range of days (common/schemas/events.ts). */
export const withinRange = (from: string, to: string): boolean =>
  Math.abs(Date.parse(to) - Date.parse(from)) < RANGE_MAX_DAYS * 24 * 3600 * 1000;

/**
 * A range of days the API refuses (`param.rangeTooLong`): the home page keeps it as typed and says why
 * instead of asking for the list (docs/PRODUCT.md#home).
 */
export const rangeTooLong = ({ from, to }: Pick<HomeFilters, 'from' | 'to'>): boolean =>
  from !== '' && to !== '' && !withinRange(from, to);

/** Read the filters from a URL query; invalid or missing values become the defaults. */
export function filtersFromParams(params: URLSearchParams): HomeFilters {
  const type = params.get('type') ?? '';
  const when = params.get('when');
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const period = params.get('period') ?? '';
  const day = (name: 'from' | 'to') => {
    const value = params.get(name) ?? '';
    return isCalendarDate(value) ? value : '';
  };
  // A NUL cannot be searched for (the API refuses it): dropped, as from anything typed.
  const text = (name: 'search' | 'location' | 'near', max: number) =>
    (params.get(name) ?? '').replaceAll('\u0000', '').trim().slice(0, max);
  const tz = params.get('tz') ?? '';
  const kmText = params.get('km') ?? '';
  const km = /^\d{1,3}$/.test(kmText) ? Number(kmText) : 0;
  return inView(params.get('view'), params.get('month'), {
    search: text('search', LIMITS.searchMax),
    location: text('location', LIMITS.locationMax),
    near: text('near', LIMITS.locationMax),
    km: isNearKm(km) ? km : NEAR_KM_DEFAULT,
    type: isEventType(type) ? type : 'all',
    when: when === 'past' ? 'past' : 'upcoming',
    period: isPeriod(period) ? period : 'any',
    from: day('from'),
    to: day('to'),
    online: params.get('online') === '1',
    tz: isValidTimeZone(tz) ? tz : '',
    page: page >= 1 && page <= PAGE_MAX ? page : 1,
  });
}

/** 'YYYY-MM', a month of the years a calendar day may have. */
export const isCalendarMonth = (month: string): boolean => /^[12]\d{3}-(0[1-9]|1[0-2])$/.test(month);

/**
 * The view the address asks for: the list, or the month grid, whose month is the period (so `when`,
 * `period`, the days and the page say nothing there and are dropped). An odd view is the list.
 */
function inView<F extends Omit<HomeFilters, 'view' | 'month'>>(
  view: string | null,
  month: string | null,
  filters: F,
): F & Pick<HomeFilters, 'view' | 'month'> {
  if (view !== 'month') return { ...filters, view: 'list', month: '' };
  return {
    ...filters,
    view: 'month',
    month: month !== null && isCalendarMonth(month) ? month : '',
    when: DEFAULT_FILTERS.when,
    period: DEFAULT_FILTERS.period,
    from: '',
    to: '',
    page: 1,
  };
}

/** Write the filters as a URL query, leaving out defaults so plain views keep a plain address. */
export function filtersToParams(given: HomeFilters): URLSearchParams {
  const filters = inView(given.view, given.month, given);
  const params = new URLSearchParams();
  const month = filters.view === 'month';
  if (month) params.set('view', 'month');
  if (month && filters.month) params.set('month', filters.month);
  const search = filters.search.trim();
  const location = filters.location.trim();
  if (search) params.set('search', search);
  if (location) params.set('location', location);
  const near = filters.near.trim();
  if (near) params.set('near', near);
  // The distance matters only to a city.
  if (near && filters.km !== NEAR_KM_DEFAULT) params.set('km', String(filters.km));
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.when !== 'upcoming') params.set('when', filters.when);
  const range = Boolean(filters.from || filters.to);
  if (filters.period !== 'any' && !range) params.set('period', filters.period);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.online) params.set('online', '1');
  // The zone matters only to a period, days or a month.
  if (filters.tz && (range || filters.period !== 'any' || month)) params.set('tz', filters.tz);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The same filters as a `?query` string ('' for the default view), for links and history entries. */
export function filtersToSearch(filters: HomeFilters): string {
  const text = filtersToParams(filters).toString();
  return text ? `?${text}` : '';
}

/** The home view of these feed filters: upcoming events, first page. */
export function feedFilters({
  search = '',
  location = '',
  near = '',
  km = NEAR_KM_DEFAULT,
  type = 'all',
}: Partial<FeedFilters>): HomeFilters {
  return { ...DEFAULT_FILTERS, search, location, near, km, type };
}

/**
 * Search, location, near a city, type, the period (or days) and "online only" narrow the list; upcoming/past and
 * the page only move through it, so they do not count as "filters" for the empty-state wording or the
 * Clear filters action.
 */
export function hasActiveFilters(filters: FeedFilters | HomeFilters): boolean {
  const narrowed =
    'period' in filters &&
    (filters.period !== 'any' || filters.from !== '' || filters.to !== '' || filters.online);
  return (
    narrowed ||
    filters.search.trim() !== '' ||
    filters.location.trim() !== '' ||
    filters.near.trim() !== '' ||
    filters.type !== 'all'
  );
}

/** How many filters narrow the list: the phone's "Filters" disclosure says it. */
export function activeFilterCount(filters: HomeFilters): number {
  return [
    filters.search.trim() !== '',
    filters.location.trim() !== '',
    filters.near.trim() !== '',
    filters.type !== 'all',
    filters.period !== 'any' || filters.from !== '' || filters.to !== '',
    filters.online,
  ].filter(Boolean).length;
}

/** A change to what is shown starts again at page 1. */
export function withFilter(filters: HomeFilters, change: Partial<Omit<HomeFilters, 'page'>>): HomeFilters {
  return { ...filters, ...change, page: 1 };
}
