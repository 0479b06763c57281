import { z } from 'zod';
import { LIMITS } from '../../../common/limits';
import { EMBED_THEMES } from '../../../common/links';
import { listEventsQueryFields } from '../../../common/schemas/events';

/** Filters of a feed (calendar or RSS): the home page's search, location, near a city and type. */
export const feedQuerySchema = listEventsQueryFields.pick({
  search: true,
  location: true,
  near: true,
  km: true,
  type: true,
});

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
        .max(LIMITS.embedMax, `limit must be at most ${LIMITS.embedMax}`),
    )
    .default(LIMITS.embedDefault),
  theme: z.enum(EMBED_THEMES, { error: 'theme must be light, dark or auto' }).default('auto'),
});
