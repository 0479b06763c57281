import { z } from 'zod';
import { msg } from '../i18n/messages';
import { LIMITS } from '../limits';
import { PAGE_MAX } from '../paging';

/** A whole number from 1 to `max`, as it arrives in a URL query (a string). */
export const positiveInt = (param: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, msg('param.wholeNumber', { param }))
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, msg('param.atLeast', { param, min: 1 }))
        .max(max, msg('param.atMost', { param, max })),
    );

/** The `page` and `pageSize` query parameters of a list (docs/ARCHITECTURE.md#paging). */
export const pageQueryFields = (defaultPageSize: number) => ({
  page: positiveInt('page', PAGE_MAX).default(1),
  pageSize: positiveInt('pageSize', LIMITS.pageSizeMax).default(defaultPageSize),
});

/** What every list answers beside its items: how many there are in all, and which page this is. */
export const pagedFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};
