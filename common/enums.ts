/**
 * Enumerations and business constants of events shared by the server and the web app (docs/PRODUCT.md).
 * People's, reports', moderation's and the log's: common/moderationEnums.ts.
 */

export const EVENT_TYPES = ['protest', 'cultural', 'educational', 'digital'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: string): value is EventType =>
  (EVENT_TYPES as readonly string[]).includes(value);

/**
 * `removed` keeps the record of an event taken down after publication (docs/PRODUCT.md#departures);
 * `withdrawn` one its submitter took back before review (docs/PRODUCT.md#my-events).
 */
export const EVENT_STATUSES = ['pending', 'approved', 'rejected', 'removed', 'withdrawn'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const DEFAULT_EVENT_TYPE: EventType = 'protest';
/**
 * An event without an end is taken to last this long (2 hours): for "is it over", calendar files,
 * calendar links and search engines (docs/PRODUCT.md#events).
 */
export const DEFAULT_EVENT_DURATION_MS = 2 * 3600 * 1000;

/** How people attend (docs/PRODUCT.md#events): in person, online (a link to join), or both. */
export const ATTENDANCE_MODES = ['in_person', 'online', 'both'] as const;
export type AttendanceMode = (typeof ATTENDANCE_MODES)[number];
export const DEFAULT_ATTENDANCE_MODE: AttendanceMode = 'in_person';

/**
 * Who sees an event's venue, address and link to join (docs/PRODUCT.md#who-sees-what): everyone,
 * signed-in people, or everyone from a chosen number of hours before the start. Its submitter and the
 * moderators always do.
 */
export const PLACE_VISIBILITIES = ['everyone', 'signed_in', 'hours_before'] as const;
export type PlaceVisibility = (typeof PLACE_VISIBILITIES)[number];

/**
 * Whether an approved event still happens as announced (docs/PRODUCT.md#cancelled-and-postponed). Not
 * a status: a cancelled or postponed event stays approved and listed until it is over.
 */
export const SCHEDULES = ['scheduled', 'cancelled', 'postponed'] as const;
export type Schedule = (typeof SCHEDULES)[number];
