import { z } from 'zod';
import { msg } from '../i18n/messages';
import { emailSchema, newPasswordSchema } from './auth';

/**
 * The emails a person can choose to get (docs/EMAIL.md). Each kind is one entry: who it goes to and
 * whether it is on until the person says otherwise. The server writes one where its cause happens
 * (`notify.submitter(…)` / `notify.moderators(…)`), renders it from web/locales/en/email.json
 * (`kinds.<kind>`), and the account page lists it with its label from account.json (`kinds.<kind>`).
 */
export const NOTIFICATIONS = {
  event_approved: { audience: 'submitter', defaultOn: true },
  event_rejected: { audience: 'submitter', defaultOn: true },
  event_removed: { audience: 'submitter', defaultOn: true },
  change_accepted: { audience: 'submitter', defaultOn: true },
  change_rejected: { audience: 'submitter', defaultOn: true },
  event_called_off: { audience: 'submitter', defaultOn: true },
  new_submission: { audience: 'moderators', defaultOn: false },
  new_report: { audience: 'moderators', defaultOn: false },
  daily_digest: { audience: 'moderators', defaultOn: false },
} as const satisfies Record<string, { audience: 'submitter' | 'moderators'; defaultOn: boolean }>;

export type NotificationKind = keyof typeof NOTIFICATIONS;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATIONS) as [NotificationKind, ...NotificationKind[]];
export const isNotificationKind = (kind: string): kind is NotificationKind =>
  Object.hasOwn(NOTIFICATIONS, kind);

/** The link in a password-reset or verification email: 32 random bytes, base64url. */
export const LINK_TOKEN_MESSAGE = msg('account.linkIncomplete');
const linkTokenSchema = z
  .string({ error: LINK_TOKEN_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{43}$/, LINK_TOKEN_MESSAGE);

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** What "Forgot password?" answers, whether or not the address has an account. */
export const FORGOT_PASSWORD_SENT = msg('account.resetLinkSent');
export const acceptedSchema = z.object({ ok: z.literal(true), message: z.string() });
export type Accepted = z.infer<typeof acceptedSchema>;

/** The account page's email section: the address, whether it is proved, and each kind on or off. */
export const emailSettingsSchema = z.object({
  /** False when this server sends no email at all (no SMTP): nothing below applies. */
  mailEnabled: z.boolean(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The kinds this person may get (moderators' kinds for moderators only), in NOTIFICATIONS order. */
  notifications: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() })),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** Turn kinds on or off; kinds left out stay as they are. */
export const emailPreferencesInputSchema = z.object({
  notifications: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
});
export type EmailPreferencesInput = z.input<typeof emailPreferencesInputSchema>;
