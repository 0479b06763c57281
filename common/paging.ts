/**
 * Paging, the same for every list (events, moderation tabs, the log): pages count from 1, a list
 * answers its `total` with the `page` and `pageSize` it used. Zod-free, so the first bundle can use it.
 */

/** Highest page number a list accepts (a hand-edited address beyond it falls back to page 1). */
export const PAGE_MAX = 100_000;

export interface Page {
  page: number;
  pageSize: number;
}

/** One page of a list as the store reads it, and how many rows the whole list has. */
export interface Listed<T> {
  rows: T[];
  total: number;
}

/** How many pages `total` items fill (at least one, so an empty list still has its page 1). */
export function pageCount(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
}

/** How many items come before `page`. */
export function pageOffset({ page, pageSize }: Page): number {
  return (page - 1) * pageSize;
}
