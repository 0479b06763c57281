import { calendarDay } from './dates';
import { DEFAULT_ATTENDANCE_MODE, DEFAULT_EVENT_TYPE } from './enums';

/**
 * The event form's fields, in the order they appear (the first invalid one gets focus). Submitting,
 * editing, resubmitting and "Submit a copy" all use this one form (docs/PRODUCT.md#my-events).
 */
export const EVENT_FORM_FIELDS = [
  'title',
  'description',
  'date',
  'time',
  'endDate',
  'endTime',
  'timezone',
  'attendance',
  'city',
  'country',
  'venue',
  'address',
  'joinUrl',
  'placeVisibility',
  'placeHoursBefore',
  'type',
  'sourceLink',
  'organizer',
  'accessibility',
] as const;
export type EventFormField = (typeof EVENT_FORM_FIELDS)[number];
/** What the form holds: every field as the text its control shows. */
export type EventFormValues = Record<EventFormField, string>;

/** An empty form, in the person's own zone. */
export function emptyEventForm(timezone: string): EventFormValues {
  return {
    title: '',
    description: '',
    date: '',
    time: '',
    endDate: '',
    endTime: '',
    timezone,
    attendance: DEFAULT_ATTENDANCE_MODE,
    city: '',
    country: '',
    venue: '',
    address: '',
    joinUrl: '',
    placeVisibility: 'everyone',
    placeHoursBefore: '24',
    type: DEFAULT_EVENT_TYPE,
    sourceLink: '',
    organizer: '',
    accessibility: '',
  };
}

/** 'HH:MM' (24 hours) of the instant on the wall clock of `timeZone`. */
function clockTime(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

const DAY_MS = 24 * 3600 * 1000;

/** The stored shape of an event, as far as the form is concerned (server/store/schema.ts). */
export interface StoredEventFields {
  title: string;
  description: string;
  starts_at: number;
  ends_at: number | null;
  timezone: string;
  attendance: string;
  city: string;
  country: string;
  venue: string | null;
  address: string | null;
  join_url: string | null;
  place_visibility: string;
  place_hours_before: number | null;
  type: string;
  source_link: string;
  organizer: string | null;
  accessibility: string | null;
}

/**
 * The form as it would have been filled in to give this event, so that editing starts from what is
 * published: dates and times on the event's own wall clock. An end at midnight of a later day without
 * an end time was given as an end date only (common/schemas/events.ts, submissionInstants).
 */
export function eventFormOf(row: StoredEventFields): EventFormValues {
  const zone = row.timezone;
  let endDate = '';
  let endTime = '';
  if (row.ends_at !== null) {
    const time = clockTime(row.ends_at, zone);
    const day = calendarDay(new Date(row.ends_at), zone);
    if (time === '00:00' && day > calendarDay(new Date(row.starts_at), zone)) {
      endDate = calendarDay(new Date(row.ends_at - DAY_MS / 2), zone);
    } else {
      endDate = day;
      endTime = time;
    }
  }
  return {
    title: row.title,
    description: row.description,
    date: calendarDay(new Date(row.starts_at), zone),
    time: clockTime(row.starts_at, zone),
    endDate: endDate || calendarDay(new Date(row.starts_at), zone),
    endTime,
    timezone: zone,
    attendance: row.attendance,
    city: row.city,
    country: row.country,
    venue: row.venue ?? '',
    address: row.address ?? '',
    joinUrl: row.join_url ?? '',
    placeVisibility: row.place_visibility,
    placeHoursBefore: String(row.place_hours_before ?? 24),
    type: row.type,
    sourceLink: row.source_link,
    organizer: row.organizer ?? '',
    accessibility: row.accessibility ?? '',
  };
}

/** The form of a validated input (a proposed change as stored): every value as the form's text. */
export function eventFormOfInput(input: Record<string, unknown>): EventFormValues {
  const values = emptyEventForm('UTC');
  for (const field of EVENT_FORM_FIELDS) {
    const value = input[field];
    values[field] = value === undefined || value === null ? '' : String(value);
  }
  if (!values.endDate) values.endDate = values.date;
  if (!values.placeHoursBefore) values.placeHoursBefore = '24';
  return values;
}
