/**
 * Enumerations and constants of people, reports, moderation and the public log, shared by the server and
 * the web app (docs/PRODUCT.md). Apart from common/enums.ts (events' own) because the home page's first
 * script carries every export of the modules it imports, and it uses none of these (issue 21).
 */

/** What became of a change proposed to a published event (docs/PRODUCT.md#my-events). */
export const CHANGE_STATUSES = ['pending', 'accepted', 'rejected', 'superseded', 'withdrawn'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const REPORT_REASONS = ['wrong_info', 'spam', 'harmful_content'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const ROLES = ['user', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The public log's entries: the spec's rejections and removals, and verifications and their removal
 * (docs/PRODUCT.md#transparency-log). The public figures count rejections and removals only.
 */
export const LOG_ACTIONS = ['rejected', 'removed', 'verified', 'unverified'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
export const STATS_LOG_ACTIONS = ['rejected', 'removed'] as const;
export type StatsLogAction = (typeof STATS_LOG_ACTIONS)[number];

export const DEFAULT_REMOVAL_REASON = 'Event removed due to reports';
export const PAST_EVENT_REMOVAL_REASON = 'Event removed as it has passed its deadline';

/**
 * The standard removal reasons are stored in the spec's words (the public figures group by them), and
 * shown in the reader's language: their keys in the `common` catalog's `standardReasons`.
 */
const STANDARD_REASON_KEYS: Record<string, string> = {
  [DEFAULT_REMOVAL_REASON]: 'common:standardReasons.reports',
  [PAST_EVENT_REMOVAL_REASON]: 'common:standardReasons.passed',
};

/** A stored reason as a reader sees it: a standard one in their language, a moderator's words as written. */
export const reasonText = (reason: string, t: (key: string) => string): string => {
  const key = STANDARD_REASON_KEYS[reason];
  return key ? t(key) : reason;
};

/** The moderation dashboard's tabs, and each list item's category (docs/PRODUCT.md#moderation-dashboard). */
export const MODERATION_TABS = ['pending', 'reported', 'approved'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];

/**
 * The orders of the Pending tab (docs/PRODUCT.md#moderation-dashboard): the event happening soonest
 * first (the default: what starts first needs a decision first), or the newest submission first.
 */
export const PENDING_SORTS = ['soonest', 'submitted'] as const;
export type PendingSort = (typeof PENDING_SORTS)[number];

/** What a preset reason is for: the Reject dialogs, or the removal dialogs (docs/PRODUCT.md#moderation). */
export const PRESET_REASON_KINDS = ['reject', 'remove'] as const;
export type PresetReasonKind = (typeof PRESET_REASON_KINDS)[number];

/** Queue health counts the events waiting for review that happen within this long (docs/PRODUCT.md#moderation-dashboard). */
export const QUEUE_SOON_MS = 48 * 3600 * 1000;

/** How many months the log's public figures cover, the current one included. */
export const LOG_STATS_MONTHS = 6;
/**
 * A reason typed by a moderator is named in the public figures only once it was given this many times
 * in the period; rarer ones count as "other", so one-off wording cannot point at one event.
 */
export const LOG_STATS_MIN_REASON_COUNT = 3;
