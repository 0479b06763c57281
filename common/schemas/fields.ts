import { z } from 'zod';
import { isCalendarDate } from '../dates';
import { type FieldLabel, type Message, msg } from '../i18n/messages';
import { isValidTimeZone } from '../timezones';

// The date, time, zone and version fields that events and recurring events share: one rule each.
// A leaf module: events.ts imports series.ts (an occurrence's `series`), so both import from here.

/** zod's `error` hook: the field's "required" message when absent, "must be text" for a wrong type. */
export const missingOrNotText = (required: Message, label: FieldLabel) => {
  const notText = msg('field.notText', { label });
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? required : notText;
};

export const VERSION_MESSAGE = msg('param.version', { param: 'version' });
/** The version a write was based on (docs/PRODUCT.md#my-events): a stale one is answered 409. */
export const versionField = z
  .number({ error: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .min(1, VERSION_MESSAGE)
  .max(2 ** 31 - 1, VERSION_MESSAGE);

/** A time of day as the form writes it: 'HH:MM', 24-hour. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const INVALID_DATE = msg('event.dateInvalid');
export const INVALID_TIME = msg('event.timeInvalid');
const DATE_REQUIRED = msg('event.dateRequired');
const TIME_REQUIRED = msg('event.timeRequired');
const TIME_ZONE_REQUIRED = msg('event.timeZoneRequired');

/** A day, 'YYYY-MM-DD', required. */
export const dateField = z
  .string({ error: missingOrNotText(DATE_REQUIRED, 'eventDate') })
  .trim()
  .min(1, DATE_REQUIRED)
  .refine(isCalendarDate, INVALID_DATE);

/** A time of day, 'HH:MM', required. */
export const timeField = z
  .string({ error: missingOrNotText(TIME_REQUIRED, 'eventTime') })
  .trim()
  .min(1, TIME_REQUIRED)
  .regex(TIME_PATTERN, INVALID_TIME);

/** An optional day: blank or null means none; `notText` answers a value that is not text. */
export const optionalDateField = (notText: Message) =>
  z
    .string({ error: notText })
    .nullish()
    .transform((s) => s?.trim() || undefined)
    .refine((s) => s === undefined || isCalendarDate(s), INVALID_DATE);

/** An optional time of day: blank or null means none; `notText` answers a value that is not text. */
export const optionalTimeField = (notText: Message) =>
  z
    .string({ error: notText })
    .nullish()
    .transform((s) => s?.trim() || undefined)
    .refine((s) => s === undefined || TIME_PATTERN.test(s), INVALID_TIME);

/** The runtime's own spelling of a zone ('europe/london' → 'Europe/London'), so stored zones compare. */
function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/** Where an event happens: an IANA zone the runtime knows, in its own spelling. */
export const timeZoneField = z
  .string({ error: missingOrNotText(TIME_ZONE_REQUIRED, 'timeZone') })
  .trim()
  .min(1, TIME_ZONE_REQUIRED)
  .refine(isValidTimeZone, msg('event.timeZoneInvalid'))
  .transform(canonicalTimeZone);
