import { z } from 'zod';
import { EVENT_STATUSES } from '../enums';
import { type Message, msg } from '../i18n/messages';
import { LIMITS } from '../limits';
import { CHANGE_STATUSES, LOG_ACTIONS, REPORT_REASONS, ROLES } from '../moderationEnums';
import { nameSchema, newPasswordSchema, PASSWORD_TOO_LONG, sessionUserSchema } from './auth';

/**
 * The account page's own settings (docs/PRODUCT.md#your-account): the shown name, the password, every
 * session, a copy of one's data, and deleting the account. The form and the server parse with these.
 */

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: msg('account.currentPasswordRequired'),
  wrongPassword: msg('account.wrongPassword'),
  confirmationRequired: msg('account.confirmationRequired'),
} as const;

/** Any password up to the maximum: a wrong one is answered as wrong, whatever its length. */
const currentPassword = (required: Message) =>
  z.string({ error: required }).min(1, required).max(LIMITS.passwordMax, PASSWORD_TOO_LONG);

/** "Name or nickname": the same rule as at sign-up. */
export const changeNameSchema = z.object({ name: nameSchema });
export type ChangeNameInput = z.input<typeof changeNameSchema>;

export const changePasswordSchema = z.object({
  currentPassword: currentPassword(ACCOUNT_MESSAGES.currentPasswordRequired),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * Deleting is confirmed with the password. An account without one (Google only) sends no body field:
 * it signs in to Google again first (GET /api/auth/google/reauthenticate), and the server checks that
 * this session did so within the last few minutes.
 */
export const deleteAccountSchema = z.object({
  password: currentPassword(ACCOUNT_MESSAGES.confirmationRequired).optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** What a change of name answers: the person as now stored. */
export const profileSchema = z.object({ user: sessionUserSchema });
export type Profile = z.infer<typeof profileSchema>;

/** A write that changed sessions: how many other sessions it ended. */
export const sessionsEndedSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  endedSessions: z.number().int(),
});
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/** The name "Download my data" saves under: the site and the day, nothing about the person. */
export const accountExportFileName = (now: Date) =>
  `palestine-solidarity-calendar-data-${now.toISOString().slice(0, 10)}.json`;

const instant = z.string().describe('ISO 8601 instant (UTC).');

/**
 * "Download my data" (GET /api/account/export): everything the site holds about the person, and only
 * about them. No password hash, no session, and never who moderated their events.
 */
export const accountExportSchema = z.object({
  exportedAt: instant,
  profile: z.object({
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    createdAt: instant,
    emailVerified: z.boolean(),
    emailVerifiedAt: instant.nullable(),
    signInMethods: z.array(z.enum(['password', 'google'])),
  }),
  events: z.array(
    z.object({
      id: z.string(),
      status: z.enum(EVENT_STATUSES),
      title: z.string(),
      description: z.string(),
      startsAt: instant,
      endsAt: instant.nullable(),
      timezone: z.string(),
      city: z.string(),
      country: z.string(),
      type: z.string(),
      sourceLink: z.string(),
      organizer: z.string().nullable(),
      venue: z.string().nullable(),
      address: z.string().nullable(),
      attendance: z.string(),
      joinUrl: z.string().nullable(),
      placeVisibility: z.string(),
      placeHoursBefore: z.number().nullable(),
      accessibility: z.string().nullable(),
      schedule: z.string(),
      scheduleNote: z.string().nullable(),
      verified: z.boolean(),
      createdAt: instant,
      updatedAt: instant,
      approvedAt: instant.nullable(),
      /** Its flyer's alt text and addresses (docs/PRODUCT.md#flyers); null without one. */
      image: z.object({ alt: z.string(), urls: z.array(z.string()) }).nullable(),
    }),
  ),
  /** Every image the person uploaded that is still kept: where to fetch it (the bytes are not in the file). */
  images: z.array(z.object({ id: z.string(), createdAt: instant, urls: z.array(z.string()) })),
  reports: z.array(
    z.object({
      eventId: z.string(),
      reason: z.enum(REPORT_REASONS),
      status: z.enum(['open', 'closed']),
      createdAt: instant,
    }),
  ),
  /** The public log's entries about the person's events: what was done and why, never by whom. */
  moderationLog: z.array(
    z.object({
      eventId: z.string(),
      action: z.enum(LOG_ACTIONS),
      reason: z.string(),
      createdAt: instant,
    }),
  ),
  /** Every change the person proposed to a published event: the form as proposed and its outcome. */
  proposedChanges: z.array(
    z.object({
      eventId: z.string(),
      status: z.enum(CHANGE_STATUSES),
      proposed: z.record(z.string(), z.unknown()),
      reason: z.string().nullable(),
      createdAt: instant,
      decidedAt: instant.nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
