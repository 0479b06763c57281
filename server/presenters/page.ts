import type { Page } from '../../common/paging';

/** What every list answers beside its items (pagedFields in common/schemas/paging.ts). */
export function presentPage(total: number, { page, pageSize }: Page): { total: number } & Page {
  return { total, page, pageSize };
}
