import { z } from 'zod';
import { msg } from '../i18n/messages';
import { LIMITS } from '../limits';
import { ROLES } from '../moderationEnums';
import { appPermissionsSchema } from './permissions';
import { plainText, requiredText } from './text';

/** The signed-in user as the web app sees them. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** The person proved they read this address (a link we mailed, or Google). */
  emailVerified: z.boolean(),
  /** The server refuses their submissions and reports until they confirm the address (docs/EMAIL.md). */
  mustConfirmEmail: z.boolean(),
  /** The account signs in with a password (not Google only): the account page offers to change it. */
  hasPassword: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Who is signed in (null: a visitor) and what they may do in the app. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  can: appPermissionsSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** What sign-in and sign-up answer: the user now signed in (the cookie carries the session). */
export const authSuccessSchema = z.object({ user: sessionUserSchema, can: appPermissionsSchema });
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

/**
 * An email's shape: something, an @, then dot-separated labels, at least two (docs/PRODUCT.md#form-messages);
 * no spaces. Written so that it cannot backtrack: each label stops at a dot it must then take, so a
 * hostile address costs time in proportion to its length, never its square. It also runs only on text
 * that passed the length check (which aborts).
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

// Messages of docs/PRODUCT.md#form-messages, shared by the form and the server so both say the same thing.
export const AUTH_MESSAGES = {
  nameRequired: msg('auth.nameRequired'),
  emailRequired: msg('auth.emailRequired'),
  emailInvalid: msg('auth.emailInvalid'),
  passwordRequired: msg('auth.passwordRequired'),
  passwordTooShort: msg('auth.passwordTooShort', { min: LIMITS.passwordMin }),
} as const;

/** "Password must be at most 256 characters", for every password field. */
export const PASSWORD_TOO_LONG = msg('field.tooLong', { label: 'password', max: LIMITS.passwordMax });

export const nameSchema = requiredText(AUTH_MESSAGES.nameRequired, LIMITS.nameMax, 'name');

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .transform((s) => s.trim())
  .pipe(
    plainText(
      z
        .string()
        .min(1, { message: AUTH_MESSAGES.emailRequired, abort: true })
        .max(LIMITS.emailMax, {
          message: msg('field.tooLong', { label: 'email', max: LIMITS.emailMax }),
          abort: true,
        }),
      'email',
    ).regex(EMAIL_SHAPE, AUTH_MESSAGES.emailInvalid),
  );

/** A new password. Not trimmed: spaces are characters like any other. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, PASSWORD_TOO_LONG);

export const signUpSchema = z.object({ name: nameSchema, email: emailSchema, password: newPasswordSchema });
export type SignUpInput = z.input<typeof signUpSchema>;

/**
 * What the server accepts for sign-in: any non-empty password up to the maximum. A too-short one simply
 * does not match, so the answer is the same "invalid credential" as for any other wrong password.
 */
export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, PASSWORD_TOO_LONG),
});
export type SignInInput = z.input<typeof signInSchema>;

/** The form's sign-in check: the 6-character rule applies in both modes (docs/PRODUCT.md#form-messages). */
export const signInFormSchema = signInSchema.extend({ password: newPasswordSchema });

/**
 * Stable error codes of the accounts API (docs/PRODUCT.md#sign-in-messages), so the page can map each to its
 * message. `auth/invalid-credential` covers unknown email and wrong password alike.
 */
export const AUTH_ERROR_CODES = [
  'auth/invalid-credential',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/invalid-email',
  'auth/account-exists-with-different-credential',
  'auth/unverified-email',
  'auth/invalid-state',
  'auth/provider-error',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/popup-blocked',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * What a Google pop-up is for: signing in, or confirming who one is again before deleting an account
 * (docs/PRODUCT.md#deleting-an-account). The server keeps it in the sealed flow cookie.
 */
export type GooglePurpose = 'sign-in' | 'reauthenticate';

/**
 * What the Google pop-up tells the page that opened it. `purpose` is set on a re-authentication's
 * results (a sign-in's have none), so a page waiting for one never takes the other; a failure that came
 * before the flow was known (no flow cookie) has none either.
 */
export type GoogleSignInResult =
  | { ok: true; purpose?: 'reauthenticate' }
  | { ok: false; code: string; message: string; purpose?: 'reauthenticate' };

/** The same-origin channel the pop-up reports on (see web/public/auth-popup.js). */
export const GOOGLE_RESULT_CHANNEL = 'palcal-google-sign-in';
