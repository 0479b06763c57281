import { z } from 'zod';
import { msg } from '../i18n/messages';
import { MONTH_WEEKS, REPEAT_FREQUENCIES, type RepeatRule, SERIES_LIMITS, WEEKDAYS } from '../series';
import {
  dateField,
  INVALID_DATE,
  INVALID_TIME,
  optionalDateField,
  optionalTimeField,
  timeField,
  timeZoneField,
  versionField,
} from './fields';

export const SERIES_WEEKDAYS_REQUIRED = msg('series.weekdaysRequired');
export const SERIES_END_REQUIRED = msg('series.endRequired');
export const SERIES_COUNT_RANGE = msg('series.countRange', {
  min: SERIES_LIMITS.minDates,
  max: SERIES_LIMITS.maxDates,
});
export const SERIES_TOO_MANY = msg('series.tooMany', { max: SERIES_LIMITS.maxDates });
export const SERIES_TOO_LONG = msg('series.tooLong');
/** The same limit for a series that ends after a number of dates: fewer dates is the first way out. */
export const SERIES_TOO_LONG_COUNT = msg('series.tooLongCount');
export const SERIES_TOO_FEW = msg('series.tooFew', { min: SERIES_LIMITS.minDates });

/**
 * "Repeats" on the submit form (docs/PRODUCT.md#recurring-events): how, and until a date or for a
 * number of dates. Whether the rule gives at least 2 and at most 60 dates within a year is checked
 * where the dates are worked out (server/series/rule.ts), with the same messages.
 */
export const repeatRuleSchema = z
  .object({
    freq: z.enum(REPEAT_FREQUENCIES, {
      error: msg('field.oneOf', { label: 'repeats', values: REPEAT_FREQUENCIES.join(', ') }),
    }),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: SERIES_WEEKDAYS_REQUIRED }), { error: SERIES_WEEKDAYS_REQUIRED })
      .max(WEEKDAYS.length, SERIES_WEEKDAYS_REQUIRED)
      .optional(),
    nth: z
      .union(
        MONTH_WEEKS.map((n) => z.literal(n)),
        { error: msg('field.oneOf', { label: 'repeats', values: MONTH_WEEKS.join(', ') }) },
      )
      .optional(),
    until: optionalDateField(INVALID_DATE),
    count: z
      .union([z.number(), z.string()], { error: SERIES_COUNT_RANGE })
      .nullish()
      .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? undefined : Number(v))),
  })
  .superRefine((rule, ctx) => {
    const weekly = rule.freq === 'weekly' || rule.freq === 'biweekly';
    if (weekly && !rule.weekdays?.length) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: SERIES_WEEKDAYS_REQUIRED });
    }
    if (rule.until === undefined && rule.count === undefined) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: SERIES_END_REQUIRED });
    }
    const count = rule.count;
    if (
      count !== undefined &&
      (!Number.isInteger(count) || count < SERIES_LIMITS.minDates || count > SERIES_LIMITS.maxDates)
    ) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: SERIES_COUNT_RANGE });
    }
  })
  .transform((rule): RepeatRule => {
    const weekly = rule.freq === 'weekly' || rule.freq === 'biweekly';
    const out: RepeatRule = { freq: rule.freq };
    if (weekly) out.weekdays = WEEKDAYS.filter((d) => rule.weekdays?.includes(d));
    if (rule.freq === 'monthly_weekday') out.nth = rule.nth ?? 1;
    // One end: a date wins over a number.
    if (rule.until !== undefined) out.until = rule.until;
    else if (rule.count !== undefined) out.count = rule.count;
    return out;
  });
export type RepeatRuleInput = z.input<typeof repeatRuleSchema>;

/** The `repeats` field a submission may carry (POST /api/events): absent or null for a single event. */
export const repeatsInputSchema = z.object({ repeats: repeatRuleSchema.nullish() });

/** Ask for the dates a rule gives, as the form's preview shows them (POST /api/series/preview). */
export const seriesPreviewInputSchema = z.object({
  date: dateField,
  time: timeField,
  timezone: timeZoneField,
  repeats: repeatRuleSchema,
});

export const seriesPreviewSchema = z.object({
  /** Every date, as instants, and as the site writes them in the event's zone and the request's language. */
  dates: z.array(z.object({ date: z.string(), label: z.string() })),
  total: z.number().int(),
});
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

export const repeatRuleDtoSchema = z.object({
  freq: z.enum(REPEAT_FREQUENCIES),
  weekdays: z.array(z.enum(WEEKDAYS)).optional(),
  nth: z.number().int().optional(),
  until: z.string().optional(),
  count: z.number().int().optional(),
});

/**
 * What an occurrence says of its series (on every event of one): the rule, its zone's weekday of the
 * first date (for "the last Friday"), how many dates, this one's position, whether its time was changed.
 */
export const eventSeriesSchema = z.object({
  id: z.string(),
  rule: repeatRuleDtoSchema,
  weekday: z.enum(WEEKDAYS),
  monthDay: z.number().int(),
  position: z.number().int(),
  total: z.number().int(),
  moved: z.boolean(),
});
export type EventSeriesDto = z.infer<typeof eventSeriesSchema>;

/** One date of a series, as its page and My events list it. */
export const seriesOccurrenceSchema = z.object({
  id: z.string(),
  date: z.string(),
  endDate: z.string().optional(),
  status: z.string(),
  schedule: z.string(),
  moved: z.boolean(),
  version: z.number().int(),
  /** A change proposed to this date alone waits for review (its submitter and moderators only). */
  changeWaiting: z.boolean().optional(),
});

/** A series with the dates this viewer may see (GET /api/series/:id). */
export const seriesSchema = z.object({
  id: z.string(),
  title: z.string(),
  timezone: z.string(),
  rule: repeatRuleDtoSchema,
  weekday: z.enum(WEEKDAYS),
  monthDay: z.number().int(),
  /** The local date its rule starts from and the time of day (the Repeats section of "Edit every date"). */
  firstDate: z.string(),
  time: z.string(),
  endedAfter: z.string().optional(),
  /** Sent back by edits of the whole series and by ending it: a stale one is answered 409. */
  version: z.number().int(),
  /** Whether this viewer may edit, end and change its dates (its submitter and moderators). */
  canManage: z.boolean(),
  /** To those who manage it: the new rule a proposed change waiting for review carries (and the date it
   * starts from), so that editing again starts from it. */
  proposedRule: z.object({ rule: repeatRuleDtoSchema, firstDate: z.string() }).optional(),
  occurrences: z.array(seriesOccurrenceSchema),
});
export type SeriesDto = z.infer<typeof seriesSchema>;

/** End a series early: the last date kept (docs/PRODUCT.md#recurring-events). */
export const endSeriesInputSchema = z.object({
  lastDate: dateField,
  version: versionField,
});

/** Change one date's time (and day): the occurrence's new start and optional end, in the series' zone. */
export const moveOccurrenceInputSchema = z.object({
  date: dateField,
  time: timeField,
  endTime: optionalTimeField(INVALID_TIME),
  version: versionField,
});
