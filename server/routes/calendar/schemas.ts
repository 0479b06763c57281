import { z } from 'zod';
import { listEventsQuerySchema } from '../../../common/schemas/events';

/** Filters of a feed (calendar or RSS): the home page's search, location and type. */
export const feedQuerySchema = listEventsQuerySchema.pick({ search: true, location: true, type: true });

export const EMBED_LIMIT_DEFAULT = 10;
export const EMBED_LIMIT_MAX = 50;

/** The embed page's query: the feed filters and how many events to list. */
export const embedQuerySchema = feedQuerySchema.extend({
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, 'limit must be at least 1')
        .max(EMBED_LIMIT_MAX, `limit must be at most ${EMBED_LIMIT_MAX}`),
    )
    .default(EMBED_LIMIT_DEFAULT),
});
