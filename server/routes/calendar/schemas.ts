import { z } from 'zod';
import { msg } from '../../../common/i18n/messages';
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
    .regex(/^\d{1,4}$/, msg('param.wholeNumber', { param: 'limit' }))
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, msg('param.atLeast', { param: 'limit', min: 1 }))
        .max(LIMITS.embedMax, msg('param.atMost', { param: 'limit', max: LIMITS.embedMax })),
    )
    .default(LIMITS.embedDefault),
  theme: z
    .enum(EMBED_THEMES, { error: msg('param.oneOf', { param: 'theme', values: EMBED_THEMES.join(', ') }) })
    .default('auto'),
});
