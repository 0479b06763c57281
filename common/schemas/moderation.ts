import { z } from 'zod';
import { msg } from '../i18n/messages';
import { LIMITS } from '../limits';
import { MODERATION_TABS, PENDING_SORTS, REPORT_REASONS } from '../moderationEnums';
import { WEEKDAYS } from '../series';
import { eventImageSchema, eventSchema } from './events';
import { versionField } from './fields';
import { eventFormValuesSchema } from './ownership';
import { pagedFields, pageQueryFields } from './paging';
import { claimSchema, similarEventSchema } from './queue';
import { repeatRuleDtoSchema } from './series';
import { optionalReasonText, reasonText } from './text';

// Zod-free constants live in moderationEnums.ts so the web app can use them without bundling zod.
export { MODERATION_TABS, type ModerationTab, PENDING_SORTS, type PendingSort } from '../moderationEnums';

/** Page size of the dashboard lists. */
export const MODERATION_PAGE_SIZE = 20;

export const moderationListQuerySchema = z.object({
  tab: z.enum(MODERATION_TABS, {
    error: msg('param.oneOf', { param: 'tab', values: MODERATION_TABS.join(', ') }),
  }),
  /** All Events only: words found in the title, description, city or country, as on the home page. */
  search: z
    .string()
    .max(LIMITS.searchMax, msg('param.tooLong', { param: 'search', max: LIMITS.searchMax }))
    .transform((s) => s.trim())
    .default(''),
  /** Pending only: the event happening soonest first (default), or the newest submission first. */
  sort: z
    .enum(PENDING_SORTS, { error: msg('param.oneOf', { param: 'sort', values: PENDING_SORTS.join(', ') }) })
    .default('soonest'),
  /** All Events only: every published event, or those published without review and not yet checked. */
  show: z
    .enum(['all', 'unreviewed'], { error: msg('param.oneOf', { param: 'show', values: 'all, unreviewed' }) })
    .default('all'),
  ...pageQueryFields(MODERATION_PAGE_SIZE),
});
export type ModerationListQuery = z.infer<typeof moderationListQuerySchema>;

/** One open report as moderators see it. `reportedBy` is for moderators only (docs/PRODUCT.md#who-sees-what). */
export const moderationReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  createdAt: z.string(),
  reportedBy: z.string().optional(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

/** A series' rule as its dates say it ("Repeats every Friday · 6 dates"). */
const seriesRuleSummarySchema = z.object({
  rule: repeatRuleDtoSchema,
  weekday: z.enum(WEEKDAYS),
  monthDay: z.number().int(),
  total: z.number().int(),
});

/**
 * A change the submitter proposed to a published event (docs/PRODUCT.md#my-events): the form as it is
 * published and as proposed, for a field-by-field comparison.
 */
export const moderationChangeSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  current: eventFormValuesSchema,
  proposed: eventFormValuesSchema,
  /** The flyer as published and as proposed (docs/PRODUCT.md#flyers): a changed image is a change. */
  currentImage: eventImageSchema.optional(),
  proposedImage: eventImageSchema.optional(),
  /**
   * A date of a series (docs/PRODUCT.md#recurring-events): whether the change is for that date alone
   * ("Propose changes" on its page) or for every published date from it on ("Edit every date").
   */
  scope: z.enum(['date', 'series']).optional(),
  /** A new rule for a series (docs/PRODUCT.md#recurring-events): old and new, the dates it adds and withdraws. */
  series: z
    .object({
      timezone: z.string(),
      current: seriesRuleSummarySchema,
      proposed: seriesRuleSummarySchema,
      added: z.array(z.string()),
      removed: z.array(z.string()),
    })
    .optional(),
});
export type ModerationChange = z.infer<typeof moderationChangeSchema>;

export const moderationItemSchema = z.object({
  event: eventSchema,
  category: z.enum(MODERATION_TABS),
  /** Open reports, newest first (empty unless the event is reported). */
  reports: z.array(moderationReportSchema),
  /** In Pending: the change proposed to this published event ("Changed"). */
  change: moderationChangeSchema.optional(),
  /** Who submitted it, and whether they are trusted (moderators only, as all of this list). */
  submitter: z.object({ id: z.string(), name: z.string(), trusted: z.boolean() }).optional(),
  /** In Pending: events of the same city and days with a similar title ("Possible duplicate of …"). */
  duplicates: z.array(similarEventSchema).optional(),
  /** Another moderator (or the one asking) is looking at it. */
  claim: claimSchema.optional(),
  /** Published at once, its submitter being trusted, and not yet checked by a moderator. */
  unreviewed: z.boolean().optional(),
  /** How many private notes moderators wrote on it. */
  notes: z.number().int().optional(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationListSchema = z.object({ items: z.array(moderationItemSchema), ...pagedFields });
export type ModerationList = z.infer<typeof moderationListSchema>;

export const moderationCountsSchema = z.object({
  pending: z.number().int(),
  reported: z.number().int(),
  approved: z.number().int(),
  /**
   * Queue health (docs/PRODUCT.md#moderation-dashboard): since when the longest-waiting item of Pending
   * has waited (null when none waits), and how many waiting events happen within 48 hours.
   */
  oldestWaitingSince: z.string().nullable(),
  happeningSoon: z.number().int(),
  /** Published without review (a trusted submitter's) and not yet checked. */
  unreviewed: z.number().int(),
});
export type ModerationCounts = z.infer<typeof moderationCountsSchema>;

export const approveInputSchema = z.object({
  verified: z.boolean({ error: msg('param.trueOrFalse', { param: 'verified' }) }).default(false),
});
export type ApproveInput = z.input<typeof approveInputSchema>;

export const REJECT_REASON_REQUIRED = msg('moderation.rejectReasonRequired');

export const rejectInputSchema = z.object({ reason: reasonText(REJECT_REASON_REQUIRED, 'reason') });
export type RejectInput = z.input<typeof rejectInputSchema>;

/**
 * Remove an approved event. `pastEvent` is Remove Past Event (only for events whose date has passed);
 * without a reason the standard one applies (docs/PRODUCT.md#event-states).
 */
export const removeInputSchema = z.object({
  pastEvent: z.boolean({ error: msg('param.trueOrFalse', { param: 'pastEvent' }) }).default(false),
  reason: optionalReasonText('reason'),
});
export type RemoveInput = z.input<typeof removeInputSchema>;

/** Accept the change waiting on an event: `version` names it (every new proposal raises the version). */
export const acceptChangeInputSchema = z.object({ version: versionField });

/** Reject the change waiting on an event, with a reason its submitter reads. */
export const rejectChangeInputSchema = rejectInputSchema.extend({ version: versionField });

/** Mark a published event verified, or take the mark away (docs/PRODUCT.md#moderation). */
export const verifyInputSchema = z.object({
  verified: z.boolean({ error: msg('param.trueOrFalse', { param: 'verified' }) }),
  version: versionField.optional(),
});

/** One entry of an event's audit trail: what a moderator did, who and when (moderators only). */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  note: z.string().optional(),
  moderator: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditTrailSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditTrail = z.infer<typeof auditTrailSchema>;

/** What every action answers: the event as it is now. */
export const moderationActionResultSchema = z.object({ event: eventSchema });
export type ModerationActionResult = z.infer<typeof moderationActionResultSchema>;

/**
 * Dismiss the reports the moderator read: `reportIds` names them (the queue's `reports`). A report that
 * came in meanwhile is not among them, so nothing is closed (409 `reports_changed`) until it is read too.
 * Without `reportIds`, every open report is closed.
 */
const REPORT_IDS_INVALID = msg('moderation.reportIdsInvalid');
export const dismissInputSchema = z.object({
  reportIds: z
    .array(z.string({ error: REPORT_IDS_INVALID }).max(64, REPORT_IDS_INVALID), { error: REPORT_IDS_INVALID })
    .max(5000, REPORT_IDS_INVALID)
    .optional(),
});
export type DismissInput = z.input<typeof dismissInputSchema>;

export const dismissResultSchema = z.object({ closedReports: z.number().int() });
export type DismissResult = z.infer<typeof dismissResultSchema>;
