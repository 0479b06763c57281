import { z } from 'zod';
import { isCalendarDate } from '../dates';
import { EVENT_STATUSES } from '../enums';
import { msg } from '../i18n/messages';
import { LIMITS } from '../limits';
import { isValidTimeZone } from '../timezones';
import { INVALID_TIME, TIME_PATTERN } from './fields';
import { optionalReasonText, reasonText } from './text';

/**
 * Moderators' time (docs/PRODUCT.md#moderation): possible duplicates, trusted organisers, bulk
 * actions, claims and private notes. Everything here but the similar-events check is for moderators
 * only.
 */

// --- Possible duplicates

const queryText = (param: string, max: number) =>
  z
    .string({ error: msg('param.text', { param }) })
    .max(max, msg('param.tooLong', { param, max }))
    .transform((s) => s.trim());

/**
 * The submit form's check (`GET /api/events/similar`): the title, day and city typed so far; the time
 * and zone when known (noon UTC otherwise: the window is wide enough for either).
 */
export const similarQuerySchema = z.object({
  title: queryText('title', LIMITS.titleMax),
  city: queryText('city', LIMITS.cityMax),
  date: z
    .string({ error: msg('param.date', { param: 'date' }) })
    .max(10, msg('param.date', { param: 'date' }))
    .refine(isCalendarDate, msg('param.date', { param: 'date' })),
  time: z
    .string({ error: msg('param.text', { param: 'time' }) })
    .regex(TIME_PATTERN, INVALID_TIME)
    .default('12:00'),
  timezone: z
    .string({ error: msg('param.timeZone', { param: 'timezone' }) })
    .max(64, msg('param.timeZone', { param: 'timezone' }))
    .refine(isValidTimeZone, msg('param.timeZone', { param: 'timezone' }))
    .default('UTC'),
});
export type SimilarQuery = z.input<typeof similarQuerySchema>;

/** An event that may be the same as another: enough to name it and link to it. */
export const similarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  timezone: z.string(),
  city: z.string(),
  status: z.enum(EVENT_STATUSES),
});
export type SimilarEvent = z.infer<typeof similarEventSchema>;
export const similarEventsSchema = z.object({ items: z.array(similarEventSchema) });
export type SimilarEvents = z.infer<typeof similarEventsSchema>;

// --- Claims, people, notes: what a queue card carries for moderators

export const claimSchema = z.object({
  moderator: z.object({ id: z.string(), name: z.string() }),
  expiresAt: z.string(),
  /** True when the moderator asking holds it. */
  mine: z.boolean(),
});
export type Claim = z.infer<typeof claimSchema>;
export const claimResultSchema = z.object({ claim: claimSchema.nullable() });
export type ClaimResult = z.infer<typeof claimResultSchema>;

export const noteSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  /** True when the moderator asking wrote it (and so may delete it). */
  mine: z.boolean(),
});
export type Note = z.infer<typeof noteSchema>;
export const noteListSchema = z.object({ items: z.array(noteSchema) });
export type NoteList = z.infer<typeof noteListSchema>;

export const NOTE_TEXT_REQUIRED = msg('moderation.noteTextRequired');
export const noteInputSchema = z.object({ text: reasonText(NOTE_TEXT_REQUIRED, 'note') });
export type NoteInput = z.input<typeof noteInputSchema>;

/** A person as moderators see them in the person panel. */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  trusted: z.boolean(),
  notes: z.array(noteSchema),
  /** Who trusted or untrusted them, and when, oldest first. */
  history: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      moderator: z.object({ id: z.string(), name: z.string() }),
      createdAt: z.string(),
    }),
  ),
});
export type Person = z.infer<typeof personSchema>;

export const trustInputSchema = z.object({
  trusted: z.boolean({ error: msg('param.trueOrFalse', { param: 'trusted' }) }),
});

// --- Bulk actions

export const BULK_MAX = 100;
export const BULK_ACTIONS = ['approve', 'reject'] as const;
export const BULK_OUTCOMES = ['done', 'already_decided', 'not_found', 'not_allowed'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

const REJECT_REASON_REQUIRED = msg('moderation.rejectReasonRequired');

/** Several pending events, one action; a rejection carries one reason for them all. */
export const bulkInputSchema = z
  .object({
    ids: z
      .array(z.string({ error: msg('moderation.bulkIds') }), { error: msg('moderation.bulkIds') })
      .min(1, msg('moderation.bulkIds'))
      .max(BULK_MAX, msg('moderation.bulkTooMany', { max: BULK_MAX })),
    action: z.enum(BULK_ACTIONS, {
      error: msg('param.oneOf', { param: 'action', values: BULK_ACTIONS.join(', ') }),
    }),
    reason: optionalReasonText('reason'),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'reject' && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REJECT_REASON_REQUIRED });
    }
  });
export type BulkInput = z.input<typeof bulkInputSchema>;

export const bulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(BULK_OUTCOMES),
      /** Why it was not done, in the request's language (absent when done). */
      message: z.string().optional(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** "Published without review" checked: the answer says the mark is gone. */
export const checkedResultSchema = z.object({ checked: z.literal(true) });
