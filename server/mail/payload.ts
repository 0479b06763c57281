import { z } from 'zod';
import { SCHEDULES } from '../../common/enums';
import { LANGUAGES, type Language } from '../../common/i18n/languages';
import { REPORT_REASONS } from '../../common/moderationEnums';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../common/schemas/account';

/** Emails about the account itself: always sent when asked for, never unsubscribable. */
export const ACCOUNT_MAIL_KINDS = ['password_reset', 'email_verification'] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];
export type MailKind = NotificationKind | AccountMailKind;

/**
 * What an outbox row says, as JSON: captured when its cause happened (the title and reason of that
 * moment), turned into words when it is sent (messages.ts). Links with secrets in them (password,
 * verification, unsubscribe) are made only then, so no usable link ever rests in the database.
 */
export const mailPayloadSchema = z.object({
  /** The recipient's name, for the greeting. */
  name: z.string(),
  /**
   * The recipient's language (docs/PRODUCT.md#languages), decided when the email is written: every
   * attempt then sends the same message. Absent (rows written before it existed): English.
   */
  language: z.enum(LANGUAGES.map((l) => l.code) as [Language, ...Language[]]).optional(),
  eventId: z.string().optional(),
  title: z.string().optional(),
  /** A moderator's reason (rejected, removed), or their note for attendees (called off). */
  reason: z.string().optional(),
  /** Called off: what the moderator marked it, cancelled or postponed. Absent (older rows): either. */
  schedule: z.enum(SCHEDULES).exclude(['scheduled']).optional(),
  /**
   * A change to one date of a series, accepted or rejected: which date, as its start (ms) and the
   * event's time zone, written in the recipient's language when sent. Absent: a whole event.
   */
  startsAt: z.number().int().optional(),
  timezone: z.string().optional(),
  /** An approved series: how many dates the approval covers. Absent: one event. */
  dates: z.number().int().min(1).optional(),
  reportReason: z.enum(REPORT_REASONS).optional(),
  /** Daily digest: what waits. */
  pending: z.number().int().min(0).optional(),
  reported: z.number().int().min(0).optional(),
});
export type MailPayload = z.infer<typeof mailPayloadSchema>;

export const mailKindSchema = z.enum([...NOTIFICATION_KINDS, ...ACCOUNT_MAIL_KINDS]);
