import { z } from 'zod';
import { isCalendarDate } from '../dates';
import { DEFAULT_EVENT_TYPE, EVENT_STATUSES, EVENT_TYPES } from '../enums';
import { EVENT_WHEN } from '../filters';
import { LIMITS } from '../limits';
import { isHttpUrl } from '../links';
import type { TextKind } from '../text';
import { isValidTimeZone } from '../timezones';
import { pagedFields, pageQueryFields } from './paging';
import { eventPermissionsSchema } from './permissions';
import { plainText } from './text';

export const eventTypeSchema = z.enum(EVENT_TYPES);
export const eventStatusSchema = z.enum(EVENT_STATUSES);

/** An event as the API presents it (docs/PRODUCT.md#events). `date` is the instant, `timezone` where it happens. */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  timezone: z.string(),
  location: z.object({ city: z.string(), country: z.string() }),
  type: eventTypeSchema,
  sourceLink: z.string(),
  organizer: z.string().optional(),
  status: eventStatusSchema,
  verified: z.boolean(),
  createdAt: z.string(),
  /** True when the signed-in viewer submitted this event. */
  submittedByViewer: z.boolean(),
  /** The submitter's id: only moderators see it. */
  createdBy: z.string().optional(),
  /** What the viewer may do with it (common/schemas/permissions.ts). */
  can: eventPermissionsSchema,
});
export type EventDto = z.infer<typeof eventSchema>;

const trimmedQueryText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((s) => s.trim())
    .default('');

/** Query of the public list (home page). Every value arrives as a string from the URL. */
export const listEventsQuerySchema = z.object({
  search: trimmedQueryText(LIMITS.searchMax, 'search'),
  location: trimmedQueryText(LIMITS.locationMax, 'location'),
  type: z
    .enum(['all', ...EVENT_TYPES], {
      error: `type must be one of: all, ${EVENT_TYPES.join(', ')}`,
    })
    .default('all'),
  when: z.enum(EVENT_WHEN, { error: 'when must be "upcoming" or "past"' }).default('upcoming'),
  ...pageQueryFields(LIMITS.pageSizeDefault),
});
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;
export type ListEventsFilters = Pick<ListEventsQuery, 'search' | 'location' | 'type' | 'when'>;

export const eventListSchema = z.object({ events: z.array(eventSchema), ...pagedFields });
export type EventList = z.infer<typeof eventListSchema>;

/** zod's `error` hook: the field's "required" message when absent, "must be text" for a wrong type. */
const missingOrNotText = (required: string, label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? required : `${label} must be text`;

const required = (message: string, max: number, label: string, kind: TextKind = 'line') =>
  z
    .string({ error: missingOrNotText(message, label) })
    .transform((s) => s.trim())
    .pipe(
      plainText(
        z
          .string()
          .min(1, message)
          .max(max, { message: `${label} must be at most ${max} characters`, abort: true }),
        label,
        kind,
      ),
    );

/** Whitespace or control characters inside a link are a paste error or a trick, never a real address. */
const HAS_SPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/**
 * A link people can follow to check an event: absolute http(s), no spaces, no `user@` part (which makes
 * `https://facebook.com@evil.example` look like Facebook), and a host name with a dot.
 */
function isSourceLink(value: string): boolean {
  if (HAS_SPACE_OR_CONTROL.test(value) || !isHttpUrl(value)) return false;
  const url = new URL(value);
  if (url.username || url.password) return false;
  return url.hostname.includes('.') || url.hostname.startsWith('[');
}

/** The runtime's own spelling of a zone ('europe/london' → 'Europe/London'), so stored zones compare. */
function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/**
 * The submit form (docs/PRODUCT.md#form-messages), validated by the web form and again by the server.
 * Date and time stay separate here; the server joins them into one instant in `timezone`.
 */
export const eventInputSchema = z.object({
  title: required('Event title is required', LIMITS.titleMax, 'Event title'),
  description: required('Event description is required', LIMITS.descriptionMax, 'Event description', 'lines'),
  date: z
    .string({ error: missingOrNotText('Event date is required', 'Event date') })
    .trim()
    .min(1, 'Event date is required')
    .refine(isCalendarDate, 'Please enter a valid date'),
  time: z
    .string({ error: missingOrNotText('Event time is required', 'Event time') })
    .trim()
    .min(1, 'Event time is required')
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a valid time'),
  timezone: z
    .string({ error: missingOrNotText('Time zone is required', 'Time zone') })
    .trim()
    .min(1, 'Time zone is required')
    .refine(isValidTimeZone, 'Please choose a valid time zone')
    .transform(canonicalTimeZone),
  city: required('City is required', LIMITS.cityMax, 'City'),
  country: required('Country is required', LIMITS.countryMax, 'Country'),
  type: z
    .enum(EVENT_TYPES, { error: `Event type must be one of: ${EVENT_TYPES.join(', ')}` })
    .default(DEFAULT_EVENT_TYPE),
  sourceLink: z
    .string({ error: missingOrNotText('Source link is required for verification', 'Source link') })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, 'Source link is required for verification')
        .max(LIMITS.sourceLinkMax, `Source link must be at most ${LIMITS.sourceLinkMax} characters`)
        .refine(isSourceLink, 'Please enter a valid URL'),
    ),
  /** Optional: empty or blank means none (null too, for JSON clients). */
  organizer: z
    .string({ error: 'Organizer must be text' })
    .nullish()
    .transform((s) => (s?.trim() ? s.trim() : undefined))
    .pipe(
      plainText(
        z.string().max(LIMITS.organizerMax, {
          message: `Organizer must be at most ${LIMITS.organizerMax} characters`,
          abort: true,
        }),
        'Organizer',
      ).optional(),
    ),
});
export type EventInput = z.input<typeof eventInputSchema>;
export type ValidEventInput = z.output<typeof eventInputSchema>;
