import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  filtersToSearch,
  hasActiveFilters,
  rangeTooLong,
  withFilter,
} from './filters';
import { pageCount } from './paging';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('filtersFromParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(read('')).toEqual(DEFAULT_FILTERS);
  });

  it('reads every filter', () => {
    expect(
      read(
        'search=vigil&location=Paris&near=Lyon&km=50&type=cultural&when=past&period=week&online=1&tz=Asia/Gaza&page=3',
      ),
    ).toEqual({
      view: 'list',
      month: '',
      search: 'vigil',
      location: 'Paris',
      near: 'Lyon',
      km: 50,
      type: 'cultural',
      when: 'past',
      period: 'week',
      from: '',
      to: '',
      online: true,
      tz: 'Asia/Gaza',
      page: 3,
    });
  });

  it('falls back to the default for values a hand-edited URL may carry', () => {
    expect(read('type=concert&when=tomorrow&page=0')).toEqual(DEFAULT_FILTERS);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
    expect(read('page=9999999999').page).toBe(1);
    expect(read('type=ALL').type).toBe('all');
    expect(read('period=tomorrow&from=2026-02-30&to=soon&online=yes&tz=EST')).toEqual(DEFAULT_FILTERS);
    for (const km of ['7', '25.0', '1e2', '-10', 'far', '']) expect(read(`near=Lyon&km=${km}`).km).toBe(25);
  });

  it('trims text and keeps it within the server limits', () => {
    expect(read('search=%20%20gaza%20').search).toBe('gaza');
    expect(read(`search=${'a'.repeat(500)}`).search).toHaveLength(200);
    expect(read(`location=${'b'.repeat(500)}`).location).toHaveLength(100);
    expect(read(`near=${'c'.repeat(5000)}`).near).toHaveLength(100);
    expect(read('near=%20Gaza%20').near).toBe('Gaza');
    // A NUL the API would refuse is dropped, not sent.
    expect(read('search=ga%00za&location=%00&near=Le%00eds')).toMatchObject({
      search: 'gaza',
      location: '',
      near: 'Leeds',
    });
  });

  it('keeps a range of days as given, and says when it is longer than the API takes', () => {
    // 365 days apart at most (the API's RANGE_MAX_DAYS: fewer than 366 days between them).
    expect(read('from=2026-12-01&to=2027-12-01')).toMatchObject({ from: '2026-12-01', to: '2027-12-01' });
    expect(rangeTooLong(read('from=2026-12-01&to=2027-12-01'))).toBe(false);
    // Longer: kept as typed (a last day dropped made the range its first day alone, and its list empty).
    expect(read('from=2026-12-01&to=2027-12-02')).toMatchObject({ from: '2026-12-01', to: '2027-12-02' });
    expect(rangeTooLong(read('from=2026-12-01&to=2027-12-02'))).toBe(true);
    expect(rangeTooLong(read('from=2030-01-01&to=2026-01-01'))).toBe(true);
    expect(rangeTooLong(read('to=2030-01-01'))).toBe(false);
    expect(rangeTooLong(read('from=2026-01-01'))).toBe(false);
  });
});

describe('filtersToParams', () => {
  it('leaves out defaults so the plain view has a plain address', () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe('');
    expect(filtersToParams({ ...DEFAULT_FILTERS, search: '   ' }).toString()).toBe('');
  });

  it('writes non-default values, encoded', () => {
    const search = filtersToSearch({
      ...DEFAULT_FILTERS,
      search: 'film & talk',
      location: 'São Paulo',
      type: 'educational',
      when: 'past',
      page: 2,
    });
    expect(search).toBe('?search=film+%26+talk&location=S%C3%A3o+Paulo&type=educational&when=past&page=2');
    expect(
      filtersToSearch({ ...DEFAULT_FILTERS, period: 'weekend', online: true, tz: 'Europe/London' }),
    ).toBe('?period=weekend&online=1&tz=Europe%2FLondon');
    // The distance is written only with a city, and only when it is not the default.
    expect(filtersToSearch({ ...DEFAULT_FILTERS, near: 'Manchester, UK', km: 50 })).toBe(
      '?near=Manchester%2C+UK&km=50',
    );
    expect(filtersToSearch({ ...DEFAULT_FILTERS, near: 'Leeds', km: 25 })).toBe('?near=Leeds');
    expect(filtersToSearch({ ...DEFAULT_FILTERS, km: 100 })).toBe('');
    // Days take the place of a period; a zone alone says nothing.
    expect(
      filtersToSearch({ ...DEFAULT_FILTERS, period: 'today', from: '2026-12-01', to: '2026-12-03' }),
    ).toBe('?from=2026-12-01&to=2026-12-03');
    expect(filtersToSearch({ ...DEFAULT_FILTERS, tz: 'Europe/London' })).toBe('');
  });

  it('round-trips through the URL', () => {
    const filters = {
      view: 'list',
      month: '',
      search: 'a+b?c',
      location: 'Tel Aviv / Jaffa',
      near: 'Köln, DE',
      km: 10,
      type: 'digital',
      when: 'past',
      period: 'any',
      from: '2026-12-01',
      to: '2026-12-24',
      online: true,
      tz: 'America/Argentina/Buenos_Aires',
      page: 7,
    } as const;
    expect(read(filtersToParams(filters).toString())).toEqual(filters);
  });
});

describe('the month view', () => {
  it('is view=month with its month, keeping what narrows the list and the zone', () => {
    const filters = read('view=month&month=2026-02&search=vigil&type=protest&online=1&tz=Asia%2FGaza');
    expect(filters).toMatchObject({ view: 'month', month: '2026-02', search: 'vigil', online: true });
    expect(filtersToParams(filters).toString()).toBe(
      'view=month&month=2026-02&search=vigil&type=protest&online=1&tz=Asia%2FGaza',
    );
  });

  it('drops what the month makes meaningless: upcoming/past, the period, the days and the page', () => {
    const filters = read('view=month&when=past&period=weekend&from=2026-01-01&to=2026-01-02&page=3');
    expect(filters).toEqual({ ...DEFAULT_FILTERS, view: 'month' });
    expect(filtersToParams({ ...DEFAULT_FILTERS, view: 'month', when: 'past', page: 4 }).toString()).toBe(
      'view=month',
    );
  });

  it('falls back to the list for an odd view, and to the current month for an odd month', () => {
    expect(read('view=year&month=2026-02')).toEqual(DEFAULT_FILTERS);
    for (const month of ['2026-13', '2026-1', '26-01', '2026-00', 'x'])
      expect(read(`view=month&month=${month}`)).toEqual({ ...DEFAULT_FILTERS, view: 'month' });
    // The list writes no month.
    expect(filtersToParams({ ...DEFAULT_FILTERS, month: '2026-02' }).toString()).toBe('');
  });
});

describe('hasActiveFilters', () => {
  it('counts search, location, type, the period or days and online only, not upcoming/past or the page', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, when: 'past', page: 4 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, location: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, type: 'protest' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, period: 'weekend' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, from: '2026-12-01' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, online: true })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, near: 'Gaza' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, km: 100 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, tz: 'Europe/London' })).toBe(false);
  });
});

describe('activeFilterCount', () => {
  it('counts each filter that narrows the list once, days and period as one', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, when: 'past', page: 3, tz: 'Asia/Gaza' })).toBe(0);
    expect(
      activeFilterCount({
        ...DEFAULT_FILTERS,
        search: 'x',
        type: 'digital',
        from: '2026-12-01',
        to: '2026-12-02',
        online: true,
      }),
    ).toBe(4);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, near: 'Leeds', km: 50, location: 'UK' })).toBe(2);
  });
});

describe('withFilter', () => {
  it('goes back to page 1 when what is shown changes', () => {
    expect(withFilter({ ...DEFAULT_FILTERS, page: 5 }, { type: 'cultural' })).toEqual({
      ...DEFAULT_FILTERS,
      type: 'cultural',
    });
  });
});

describe('pageCount', () => {
  it('rounds up and never says zero pages', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(25, 12)).toBe(3);
  });
});
