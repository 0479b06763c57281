/** Enumerations and business constants shared by the server and the web app (docs/PRODUCT.md). */

export const EVENT_TYPES = ['protest', 'cultural', 'educational', 'digital'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: string): value is EventType =>
  (EVENT_TYPES as readonly string[]).includes(value);

/** `removed` keeps the record of an event taken down after publication (docs/PRODUCT.md#departures). */
export const EVENT_STATUSES = ['pending', 'approved', 'rejected', 'removed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const REPORT_REASONS = ['wrong_info', 'spam', 'harmful_content'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const ROLES = ['user', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export const LOG_ACTIONS = ['rejected', 'removed'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export const DEFAULT_EVENT_TYPE: EventType = 'protest';
/**
 * Events have a start and no end: calendar files, calendar links and search engines get this length
 * (2 hours; docs/PRODUCT.md#events).
 */
export const DEFAULT_EVENT_DURATION_MS = 2 * 3600 * 1000;
export const DEFAULT_REMOVAL_REASON = 'Event removed due to reports';
export const PAST_EVENT_REMOVAL_REASON = 'Event removed as it has passed its deadline';

/** The moderation dashboard's tabs, and each list item's category (docs/PRODUCT.md#moderation-dashboard). */
export const MODERATION_TABS = ['pending', 'reported', 'approved'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];

/** How many months the log's public figures cover, the current one included. */
export const LOG_STATS_MONTHS = 6;
/**
 * A reason typed by a moderator is named in the public figures only once it was given this many times
 * in the period; rarer ones count as "other", so one-off wording cannot point at one event.
 */
export const LOG_STATS_MIN_REASON_COUNT = 3;
