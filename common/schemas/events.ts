import { z } from 'zod';
import { isCalendarDate, zonedDateTimeToInstant } from '../dates';
import {
  ATTENDANCE_MODES,
  DEFAULT_ATTENDANCE_MODE,
  DEFAULT_EVENT_TYPE,
  EVENT_STATUSES,
  EVENT_TYPES,
  PLACE_VISIBILITIES,
  SCHEDULES,
} from '../enums';
import { EVENT_WHEN, isCalendarMonth, NEAR_KM, NEAR_KM_DEFAULT, type NearKm, withinRange } from '../filters';
import { type FieldLabel, type Message, msg } from '../i18n/messages';
import { ID_PATTERN } from '../ids';
import { IMAGE_LIMITS } from '../images';
import { LIMITS } from '../limits';
import { isHttpUrl } from '../links';
import { PERIODS, RANGE_MAX_DAYS } from '../periods';
import { hasWebScheme, withDefaultScheme } from '../sourceLink';
import type { TextKind } from '../text';
import { isValidTimeZone } from '../timezones';
import { messageRefSchema } from './errors';
import {
  dateField,
  missingOrNotText,
  optionalDateField,
  optionalTimeField,
  timeField,
  timeZoneField,
  versionField,
} from './fields';
import { pagedFields, pageQueryFields } from './paging';
import { eventPermissionsSchema } from './permissions';
import { eventSeriesSchema } from './series';
import { plainText, requiredText } from './text';

export const eventTypeSchema = z.enum(EVENT_TYPES);
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export const attendanceSchema = z.enum(ATTENDANCE_MODES);
export const placeVisibilitySchema = z.enum(PLACE_VISIBILITIES);
export const scheduleSchema = z.enum(SCHEDULES);

/** Who sees the venue, address and link to join: `hours` with `hours_before`. */
export const placeRuleSchema = z.object({
  visibility: placeVisibilitySchema,
  hours: z.number().int().optional(),
});
export type PlaceRule = z.infer<typeof placeRuleSchema>;

/**
 * What an event's submitter (and the moderators) are told of its review (docs/PRODUCT.md#my-events):
 * why it was rejected or removed, and whether a change they proposed waits or was rejected (and why).
 */
export const reviewSchema = z.object({
  reason: z.string().optional(),
  change: z
    .object({
      status: z.enum(['pending', 'rejected']),
      reason: z.string().optional(),
      createdAt: z.string(),
    })
    .optional(),
});
export type ReviewDto = z.infer<typeof reviewSchema>;

/** An event's flyer (docs/PRODUCT.md#flyers); its addresses come from common/images.ts (imageSrcSet). */
export const eventImageSchema = z.object({
  id: z.string(),
  hash: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});

/**
 * An event as the API presents it (docs/PRODUCT.md#events). `date` is the start instant, `endDate` the
 * end if one was given, `timezone` where it happens. `venue`, `address` and `joinUrl` are there only
 * when this viewer may see them (docs/PRODUCT.md#who-sees-what); `placeWithheld` says that some were
 * left out, and `placeRule` why.
 */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  endDate: z.string().optional(),
  timezone: z.string(),
  /** City and country; both empty for an online-only event without them. */
  location: z.object({ city: z.string(), country: z.string() }),
  attendance: attendanceSchema,
  venue: z.string().optional(),
  address: z.string().optional(),
  joinUrl: z.string().optional(),
  placeRule: placeRuleSchema,
  placeWithheld: z.boolean(),
  accessibility: z.string().optional(),
  schedule: scheduleSchema,
  scheduleNote: z.string().optional(),
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
  /** Raised by every write: edits and actions send the version they were based on (409 if stale). */
  version: z.number().int(),
  /** Only for its submitter and the moderators, where the answer looked it up. */
  review: reviewSchema.optional(),
  /** Its flyer (docs/PRODUCT.md#flyers): addresses come from common/images.ts (imagePath, imageSrcSet). */
  image: eventImageSchema.optional(),
  /** An occurrence of a recurring event: its series (docs/PRODUCT.md#recurring-events). */
  series: eventSeriesSchema.optional(),
});
export type EventDto = z.infer<typeof eventSchema>;

const trimmedQueryText = (max: number, param: string) =>
  z
    .string()
    .max(max, msg('param.tooLong', { param, max }))
    .transform((s) => s.trim())
    .default('');

/** A day of a range in the list's query: 'YYYY-MM-DD' or nothing. */
const queryDay = (param: string) =>
  z
    .string()
    .max(10, msg('param.date', { param }))
    .refine((day) => day === '' || isCalendarDate(day), msg('param.date', { param }))
    .default('');

/**
 * The fields of the public list's query (home page), without the checks across fields (feeds pick
 * from them). Every value arrives as a string from the URL.
 */
export const listEventsQueryFields = z.object({
  search: trimmedQueryText(LIMITS.searchMax, 'search'),
  location: trimmedQueryText(LIMITS.locationMax, 'location'),
  near: trimmedQueryText(LIMITS.locationMax, 'near'),
  km: z
    .enum(
      NEAR_KM.map((km) => String(km)),
      { error: msg('param.oneOf', { param: 'km', values: NEAR_KM.join(', ') }) },
    )
    .transform((km) => Number(km) as NearKm)
    .default(NEAR_KM_DEFAULT),
  type: z
    .enum(['all', ...EVENT_TYPES], {
      error: msg('param.oneOf', { param: 'type', values: ['all', ...EVENT_TYPES].join(', ') }),
    })
    .default('all'),
  when: z.enum(EVENT_WHEN, { error: msg('param.upcomingOrPast', { param: 'when' }) }).default('upcoming'),
  period: z
    .enum(PERIODS, { error: msg('param.oneOf', { param: 'period', values: PERIODS.join(', ') }) })
    .default('any'),
  from: queryDay('from'),
  to: queryDay('to'),
  online: z
    .enum(['0', '1', 'false', 'true'], { error: msg('param.oneOrZero', { param: 'online' }) })
    .transform((v) => v === '1' || v === 'true')
    .default(false),
  tz: z
    .string()
    .max(64, msg('param.timeZone', { param: 'tz' }))
    .refine((zone) => zone === '' || isValidTimeZone(zone), msg('param.timeZone', { param: 'tz' }))
    .default(''),
  ...pageQueryFields(LIMITS.pageSizeDefault),
});

/** Query of the public list: its fields, and a range of days no longer than a year. */
export const listEventsQuerySchema = listEventsQueryFields.refine(
  (q) => !q.from || !q.to || withinRange(q.from, q.to),
  { message: msg('param.rangeTooLong', { max: RANGE_MAX_DAYS }), path: ['to'] },
);
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;
export type ListEventsFilters = Pick<
  ListEventsQuery,
  'search' | 'location' | 'near' | 'km' | 'type' | 'when' | 'period' | 'from' | 'to' | 'online' | 'tz'
>;

/**
 * What a "near" search took the city typed to be (docs/PRODUCT.md#home): the gazetteer's city, or null
 * when it knows none of that name; then the list is empty and `message` says so, in the request's
 * language, with its code.
 */
export const nearAnswerSchema = z.object({
  city: z
    .object({
      name: z.string(),
      country: z.string().describe('ISO 3166 alpha-2 code.'),
      latitude: z.number(),
      longitude: z.number(),
    })
    .nullable(),
  km: z.number().int(),
  message: z.string().optional(),
  messageCode: z.string().optional(),
  messageParams: messageRefSchema.shape.params,
});
export type NearAnswer = z.infer<typeof nearAnswerSchema>;

export const eventListSchema = z.object({
  events: z.array(eventSchema),
  ...pagedFields,
  near: nearAnswerSchema.optional().describe('Present when `near` was given: the city it was taken to be.'),
});
export type EventList = z.infer<typeof eventListSchema>;

/**
 * Query of the month view (GET /api/events/month, docs/PRODUCT.md#home): the month ('YYYY-MM', the
 * current one on the calendar of `tz` when absent) and what narrows the list.
 */
export const monthEventsQuerySchema = listEventsQueryFields
  .pick({ search: true, location: true, near: true, km: true, type: true, online: true, tz: true })
  .extend({
    month: z
      .string()
      .max(7, msg('param.month', { param: 'month' }))
      .refine((month) => month === '' || isCalendarMonth(month), msg('param.month', { param: 'month' }))
      .default(''),
  });
export type MonthEventsQuery = z.infer<typeof monthEventsQuerySchema>;

/** An event as a day of the month grid shows it: what it is and when, the rest on its own page. */
export const monthEventSchema = eventSchema.pick({
  id: true,
  title: true,
  date: true,
  endDate: true,
  timezone: true,
  type: true,
  schedule: true,
  verified: true,
});
export type MonthEventDto = z.infer<typeof monthEventSchema>;

/**
 * The month view's answer: each day of the month on the calendar of `tz`, with how many events overlap
 * it (`total`) and the first of them by start (at most `perDay`).
 */
export const monthEventsSchema = z.object({
  month: z.string(),
  tz: z.string(),
  perDay: z.number().int(),
  days: z.array(z.object({ day: z.string(), total: z.number().int(), events: z.array(monthEventSchema) })),
  near: nearAnswerSchema.optional().describe('Present when `near` was given: the city it was taken to be.'),
});
export type MonthEvents = z.infer<typeof monthEventsSchema>;

/** A required field of the form: absent is `message`, a wrong type "must be text". */
const required = (message: Message, max: number, label: FieldLabel, kind: TextKind = 'line') =>
  requiredText(message, max, label, kind, missingOrNotText(message, label));

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

/** An optional text field: empty or blank means none (null too, for JSON clients). */
const optionalText = (max: number, label: FieldLabel, kind: TextKind = 'line') =>
  z
    .string({ error: msg('field.notText', { label }) })
    .nullish()
    .transform((s) => (s?.trim() ? s.trim() : undefined))
    .pipe(
      plainText(
        z.string().max(max, { message: msg('field.tooLong', { label, max }), abort: true }),
        label,
        kind,
      ).optional(),
    );

const DAY_MS = 24 * 3600 * 1000;

const WEB_SCHEME_MESSAGE = msg('link.webScheme');
/**
 * A link with another scheme (ftp:, mailto:) is told its scheme only, not "valid URL" too. Not by
 * aborting at the scheme: an aborted field stops the object's own checks, and the form would hide
 * "must end after it starts" until the link was mended.
 */
const isWebLinkOrOtherScheme = (value: string) => !hasWebScheme(value) || isSourceLink(value);
const INVALID_URL = msg('link.invalid');

export const END_BEFORE_START = msg('event.endBeforeStart');
export const EVENT_TOO_LONG = msg('event.tooLong', { max: LIMITS.eventMaxDays });
export const JOIN_LINK_REQUIRED = msg('event.joinUrlRequired');
export const PLACE_HOURS_MESSAGE = msg('event.placeHours', {
  min: LIMITS.placeHoursMin,
  max: LIMITS.placeHoursMax,
});
const CITY_REQUIRED = msg('event.cityRequired');
const COUNTRY_REQUIRED = msg('event.countryRequired');
const SOURCE_LINK_REQUIRED = msg('event.sourceLinkRequired');
export const IMAGE_UNAVAILABLE = msg('image.unavailable');
export const IMAGE_ALT_REQUIRED = msg('image.altRequired');

/**
 * The instants of a submission's start and end (null: no end), or null when its date, time or zone
 * is not valid (their own fields say so). No end time means no end on the start's own day; an end date
 * on another day without a time means the event lasts until that day is over, so that one before the
 * start is refused like an end time before it, never dropped (docs/PRODUCT.md#events).
 */
export function submissionInstants(input: {
  date: string;
  time: string;
  timezone: string;
  endDate?: string | undefined;
  endTime?: string | undefined;
}): { startsAt: number; endsAt: number | null } | null {
  try {
    const startsAt = zonedDateTimeToInstant(input.date, input.time, input.timezone).getTime();
    if (!Number.isFinite(startsAt)) return null;
    const endDate = input.endDate || input.date;
    if (!input.endTime) {
      if (endDate === input.date) return { startsAt, endsAt: null };
      const nextDay = new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
      return { startsAt, endsAt: zonedDateTimeToInstant(nextDay, '00:00', input.timezone).getTime() };
    }
    return { startsAt, endsAt: zonedDateTimeToInstant(endDate, input.endTime, input.timezone).getTime() };
  } catch {
    return null;
  }
}

/**
 * The submit form (docs/PRODUCT.md#form-messages), validated by the web form and again by the server.
 * Dates and times stay separate here; the server joins them into instants in `timezone`
 * (submissionInstants). City and country may be left out only by an online-only event.
 */
export const eventInputSchema = z
  .object({
    title: required(msg('event.titleRequired'), LIMITS.titleMax, 'eventTitle'),
    description: required(
      msg('event.descriptionRequired'),
      LIMITS.descriptionMax,
      'eventDescription',
      'lines',
    ),
    date: dateField,
    time: timeField,
    /** Optional: blank means the start date. */
    endDate: optionalDateField(msg('field.notText', { label: 'endDate' })),
    /** Optional: blank means no end (or the end of a later end date). */
    endTime: optionalTimeField(msg('field.notText', { label: 'endTime' })),
    timezone: timeZoneField,
    attendance: z
      .enum(ATTENDANCE_MODES, {
        error: msg('field.oneOf', { label: 'attendance', values: ATTENDANCE_MODES.join(', ') }),
      })
      .default(DEFAULT_ATTENDANCE_MODE),
    city: optionalText(LIMITS.cityMax, 'city'),
    country: optionalText(LIMITS.countryMax, 'country'),
    venue: optionalText(LIMITS.venueMax, 'venue'),
    address: optionalText(LIMITS.addressMax, 'address'),
    joinUrl: z
      .string({ error: msg('field.notText', { label: 'joinUrl' }) })
      .nullish()
      .transform((s) => (s?.trim() ? withDefaultScheme(s.trim()) : undefined))
      .pipe(
        z
          .string()
          .max(LIMITS.joinUrlMax, msg('field.tooLong', { label: 'joinUrl', max: LIMITS.joinUrlMax }))
          .refine(hasWebScheme, WEB_SCHEME_MESSAGE)
          .refine(isWebLinkOrOtherScheme, INVALID_URL)
          .optional(),
      ),
    placeVisibility: z
      .enum(PLACE_VISIBILITIES, {
        error: msg('field.oneOf', { label: 'placeVisibility', values: PLACE_VISIBILITIES.join(', ') }),
      })
      .default('everyone'),
    /** With `hours_before`; a number or its digits (the form sends text). */
    placeHoursBefore: z
      .union([z.number(), z.string()], { error: PLACE_HOURS_MESSAGE })
      .nullish()
      .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? undefined : Number(v))),
    accessibility: optionalText(LIMITS.accessibilityMax, 'accessibility', 'lines'),
    type: z
      .enum(EVENT_TYPES, {
        error: msg('field.oneOf', { label: 'eventType', values: EVENT_TYPES.join(', ') }),
      })
      .default(DEFAULT_EVENT_TYPE),
    sourceLink: z
      .string({ error: missingOrNotText(SOURCE_LINK_REQUIRED, 'sourceLink') })
      // 'example.org/teach-in' is read as 'https://example.org/teach-in' (docs/PRODUCT.md#text-people-write).
      .transform((s) => withDefaultScheme(s.trim()))
      .pipe(
        z
          .string()
          .min(1, SOURCE_LINK_REQUIRED)
          .max(LIMITS.sourceLinkMax, msg('field.tooLong', { label: 'sourceLink', max: LIMITS.sourceLinkMax }))
          .refine(hasWebScheme, WEB_SCHEME_MESSAGE)
          .refine(isWebLinkOrOtherScheme, INVALID_URL),
      ),
    organizer: optionalText(LIMITS.organizerMax, 'organizer'),
    /** The flyer uploaded first (POST /api/images) and its alt text; none, or null, for no image. */
    image: z
      .object(
        {
          id: z.string({ error: IMAGE_UNAVAILABLE }).regex(ID_PATTERN, IMAGE_UNAVAILABLE),
          alt: required(IMAGE_ALT_REQUIRED, IMAGE_LIMITS.altMax, 'imageAlt'),
        },
        { error: IMAGE_UNAVAILABLE },
      )
      .nullish()
      .transform((image) => image ?? undefined),
  })
  .superRefine(
    (input, ctx) => {
      const inPerson = input.attendance !== 'online';
      if (inPerson && !input.city) ctx.addIssue({ code: 'custom', path: ['city'], message: CITY_REQUIRED });
      if (inPerson && !input.country) {
        ctx.addIssue({ code: 'custom', path: ['country'], message: COUNTRY_REQUIRED });
      }
      if (input.attendance !== 'in_person' && !input.joinUrl) {
        ctx.addIssue({ code: 'custom', path: ['joinUrl'], message: JOIN_LINK_REQUIRED });
      }
      if (input.placeVisibility === 'hours_before') {
        const hours = input.placeHoursBefore;
        if (
          hours === undefined ||
          !Number.isInteger(hours) ||
          hours < LIMITS.placeHoursMin ||
          hours > LIMITS.placeHoursMax
        ) {
          ctx.addIssue({ code: 'custom', path: ['placeHoursBefore'], message: PLACE_HOURS_MESSAGE });
        }
      }
      const instants = submissionInstants(input);
      if (instants?.endsAt != null) {
        const path = [input.endTime ? 'endTime' : 'endDate'];
        if (instants.endsAt <= instants.startsAt) {
          ctx.addIssue({ code: 'custom', path, message: END_BEFORE_START });
        } else if (instants.endsAt - instants.startsAt > LIMITS.eventMaxDays * DAY_MS) {
          ctx.addIssue({ code: 'custom', path, message: EVENT_TOO_LONG });
        }
      }
      // Also when other fields failed, so that the form shows every message at once; what it reads of
      // a failed field is that field's raw input, which each check above tolerates. Not when the input
      // is no object at all: that is said once, for the whole body.
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((input) => ({
    ...input,
    city: input.city ?? '',
    country: input.country ?? '',
    // What does not apply to how people attend is not kept: no address online, no link in person.
    venue: input.attendance === 'online' ? undefined : input.venue,
    address: input.attendance === 'online' ? undefined : input.address,
    joinUrl: input.attendance === 'in_person' ? undefined : input.joinUrl,
    placeHoursBefore: input.placeVisibility === 'hours_before' ? input.placeHoursBefore : undefined,
  }));
export type EventInput = z.input<typeof eventInputSchema>;
export type ValidEventInput = z.output<typeof eventInputSchema>;

/**
 * Mark an approved event cancelled or postponed, or scheduled again (docs/PRODUCT.md#cancelled-and-postponed),
 * with an optional note shown beside the tag.
 */
export const scheduleInputSchema = z.object({
  schedule: z.enum(SCHEDULES, {
    error: msg('param.oneOf', { param: 'schedule', values: SCHEDULES.join(', ') }),
  }),
  note: optionalText(LIMITS.scheduleNoteMax, 'note'),
  /** The version the person saw; without it the change applies to whatever is current. */
  version: versionField.optional(),
});
export type ScheduleInput = z.input<typeof scheduleInputSchema>;
