import { z } from 'zod';
import { LOG_ACTIONS, STATS_LOG_ACTIONS } from '../moderationEnums';
import { pagedFields, pageQueryFields } from './paging';

export const LOG_PAGE_SIZE = 20;
// Zod-free constants live in moderationEnums.ts so the web app can use them without bundling zod.
export { LOG_STATS_MIN_REASON_COUNT, LOG_STATS_MONTHS } from '../moderationEnums';

export const logQuerySchema = z.object(pageQueryFields(LOG_PAGE_SIZE));
export type LogQuery = z.infer<typeof logQuerySchema>;

/**
 * Which entries the viewer sees (docs/PRODUCT.md#transparency-log): `all` for moderators, `own` (events they submitted) for
 * signed-in users, `none` for visitors, who are invited to sign in.
 */
export const LOG_SCOPES = ['all', 'own', 'none'] as const;
export type LogScope = (typeof LOG_SCOPES)[number];

export const logEntrySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  action: z.enum(LOG_ACTIONS),
  reason: z.string(),
  createdAt: z.string(),
  /** The event's title, for those allowed to see it. */
  eventTitle: z.string().optional(),
  /** Which moderator acted: moderators only. */
  moderator: z.object({ id: z.string(), name: z.string() }).optional(),
  /** A recurring event, reviewed once: how many dates the entry covers. */
  seriesDates: z.number().int().optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logListSchema = z.object({
  scope: z.enum(LOG_SCOPES),
  entries: z.array(logEntrySchema),
  ...pagedFields,
});
export type LogList = z.infer<typeof logListSchema>;

/** Public figures: counts per action and reason per month, no identities, no event ids. */
export const logStatsSchema = z.object({
  /** 'YYYY-MM' (UTC), oldest first. */
  months: z.array(z.string()),
  rows: z.array(
    z.object({
      action: z.enum(STATS_LOG_ACTIONS),
      /** null: reasons given fewer than LOG_STATS_MIN_REASON_COUNT times, counted together. */
      reason: z.string().nullable(),
      /** One count per month, in the order of `months`. */
      counts: z.array(z.number().int()),
      total: z.number().int(),
    }),
  ),
  totals: z.object({ rejected: z.number().int(), removed: z.number().int() }),
});
export type LogStats = z.infer<typeof logStatsSchema>;
