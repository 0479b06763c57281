import type { ZodError } from 'zod';

/** An error the API answers with: a stable `code` for programs, a `message` for people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as `Retry-After`: when trying again may succeed (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);

/** A zod failure as one readable sentence plus a message per field (the first for each). */
export function validationFailed(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  // Messages name their field already ("Event title is required", "page must be a whole number").
  return new AppError(400, 'validation_failed', error.issues[0]?.message ?? 'Invalid request', fields);
}

export const unauthenticated = (message = 'You need to sign in to do this.') =>
  new AppError(401, 'unauthenticated', message);

export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'forbidden', message);

export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);

export const conflict = (code: string, message: string) => new AppError(409, code, message);

export const tooManyRequests = (
  message = 'Too many attempts. Please wait a moment and try again.',
  retryAfterSeconds?: number,
) => new AppError(429, 'rate_limited', message, undefined, retryAfterSeconds);

/** The server is at capacity for this kind of work right now (not the caller's fault): try again soon. */
export const serverBusy = (message: string, retryAfterSeconds: number) =>
  new AppError(503, 'server_busy', message, undefined, retryAfterSeconds);

/** A 400 for one field, shaped like any validation failure (a field's message under its name). */
export const invalidField = (field: string, message: string) =>
  new AppError(400, 'validation_failed', message, { [field]: message });

/** A state-changing request sent from another site (server/auth/csrf.ts). */
export const crossSiteRequest = (message: string) => new AppError(403, 'cross_site_request', message);

/** Submitting or reporting before the address is confirmed (server/policies/email.ts). */
export const emailUnverified = (message: string) => new AppError(403, 'email_unverified', message);

/** Password sign-in and sign-up (docs/PRODUCT.md#sign-in-messages). */
export const authError = {
  invalidCredential: (message: string) => new AppError(401, 'auth/invalid-credential', message),
  invalidEmail: (message: string, fields?: Record<string, string>) =>
    new AppError(400, 'auth/invalid-email', message, fields),
  weakPassword: (message: string, fields?: Record<string, string>) =>
    new AppError(400, 'auth/weak-password', message, fields),
};

/** Google sign-in (server/auth/google.ts). */
export const googleError = {
  accountExists: () =>
    new AppError(
      409,
      'auth/account-exists-with-different-credential',
      'An account already exists with this email using a different sign-in method.',
    ),
  unverifiedEmail: () =>
    new AppError(
      403,
      'auth/unverified-email',
      'Your Google account’s email address is not verified. Verify it with Google, then try again.',
    ),
  invalidState: () =>
    new AppError(
      400,
      'auth/invalid-state',
      'This sign-in attempt expired or was started elsewhere. Please try again.',
    ),
  provider: (message = 'Google could not complete the sign-in. Please try again.') =>
    new AppError(502, 'auth/provider-error', message),
  cancelled: () => new AppError(400, 'auth/cancelled-popup-request', 'Google sign-in was cancelled.'),
  notConfigured: () =>
    new AppError(404, 'auth/operation-not-allowed', 'Google sign-in is not set up on this server.'),
  /** Confirming with Google (re-authentication) for an account that is not linked to Google. */
  notLinked: () =>
    new AppError(409, 'auth/no-google-account', 'Your account is not linked to a Google account.'),
  /** Re-authentication came back signed in to another Google account than the one linked to this account. */
  otherAccount: () =>
    new AppError(
      403,
      'auth/reauthentication-other-account',
      'This is not the Google account you sign in with here. Nothing was changed: confirm with the Google account linked to your account.',
    ),
  /** Google says the person last signed in too long ago: it did not ask for their credentials just now. */
  staleAuthentication: () =>
    new AppError(
      403,
      'auth/reauthentication-too-old',
      'Google did not confirm that you signed in just now. Nothing was changed: please try again.',
    ),
};

/** Refusals of the account and email endpoints (docs/EMAIL.md), each with its stable code. */
export const accountError = {
  /** No SMTP: nothing can be mailed. An operator can still print a reset link (admin reset-link). */
  mailDisabled: () =>
    new AppError(
      404,
      'mail_disabled',
      'This site does not send email. Ask the people who run it for a link to set a new password.',
    ),
  linkExpired: () =>
    new AppError(400, 'link_expired', 'This link has expired or has already been used. Ask for a new one.'),
  alreadyVerified: () =>
    new AppError(409, 'email_already_verified', 'Your email address is already confirmed.'),
  moderatorsOnly: () => new AppError(403, 'forbidden', 'Only moderators can get these emails.'),
  /** The password given to confirm a change is not the account's (the field's message rides along). */
  wrongPassword: (field: string, message: string) =>
    new AppError(400, 'auth/wrong-password', message, { [field]: message }),
  noPassword: () =>
    new AppError(
      409,
      'no_password',
      'Your account signs in with Google only, so it has no password to change.',
    ),
  /** Deleting an account without a password needs a recent Google re-authentication on this session. */
  reauthenticationRequired: (minutes: number) =>
    new AppError(
      403,
      'reauthentication_required',
      `Confirm with Google first: deleting your account needs you to have signed in to Google again within the last ${minutes} minutes.`,
    ),
};
