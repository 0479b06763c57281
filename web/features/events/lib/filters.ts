/**
 * The home page's filters live in the URL query (search, location, type, when, page), so a filtered
 * view can be shared and the back button works. These two functions are the only translation between
 * the address bar and the filters; anything odd in a hand-edited URL falls back to the default.
 */
import { EVENT_TYPES, type EventType } from '../../../../common/enums';
import { LIMITS } from '../../../../common/limits';

export type TypeFilter = 'all' | EventType;
export type WhenFilter = 'upcoming' | 'past';

export interface HomeFilters {
  search: string;
  location: string;
  type: TypeFilter;
  when: WhenFilter;
  page: number;
}

export const DEFAULT_FILTERS: HomeFilters = {
  search: '',
  location: '',
  type: 'all',
  when: 'upcoming',
  page: 1,
};

const MAX_PAGE = 100_000;

function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** Read the filters from a URL query; invalid or missing values become the defaults. */
export function filtersFromParams(params: URLSearchParams): HomeFilters {
  const type = params.get('type') ?? '';
  const when = params.get('when');
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  return {
    search: (params.get('search') ?? '').trim().slice(0, LIMITS.searchMax),
    location: (params.get('location') ?? '').trim().slice(0, LIMITS.locationMax),
    type: isEventType(type) ? type : 'all',
    when: when === 'past' ? 'past' : 'upcoming',
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** Write the filters as a URL query, leaving out defaults so plain views keep a plain address. */
export function filtersToParams(filters: HomeFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  const location = filters.location.trim();
  if (search) params.set('search', search);
  if (location) params.set('location', location);
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.when !== 'upcoming') params.set('when', filters.when);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The same filters as a `?query` string ('' for the default view), for links and history entries. */
export function filtersToSearch(filters: HomeFilters): string {
  const text = filtersToParams(filters).toString();
  return text ? `?${text}` : '';
}

/**
 * Search, location and type narrow the list; upcoming/past and the page only move through it, so
 * they do not count as "filters" for the empty-state wording or the Clear filters action.
 */
export function hasActiveFilters(filters: HomeFilters): boolean {
  return filters.search.trim() !== '' || filters.location.trim() !== '' || filters.type !== 'all';
}

/** A change to what is shown starts again at page 1. */
export function withFilter(filters: HomeFilters, change: Partial<Omit<HomeFilters, 'page'>>): HomeFilters {
  return { ...filters, ...change, page: 1 };
}

export function pageCount(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
}
