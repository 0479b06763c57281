import type { ZodError } from 'zod';
import type { Language } from '../common/i18n/languages';
import { type Message, msg, refOf } from '../common/i18n/messages';
import type { ApiError, MessageRefDto } from '../common/schemas/errors';
import { translate } from './messages';

/**
 * An error the API answers with: a stable `code` for programs, a `message` for people (a `Message`,
 * so that it has a code of its own and is said in the reader's language: docs/PRODUCT.md#messages).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    /** English; `errorBody` says it in the request's language. */
    message: Message | string,
    readonly fields?: Record<string, Message | string>,
    /** Sent as `Retry-After`: when trying again may succeed (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const refDto = (text: string): MessageRefDto | undefined => {
  const ref = refOf(text);
  if (!ref) return undefined;
  return ref.params ? { code: ref.code, params: { ...ref.params } } : { code: ref.code };
};

/**
 * What the API sends for an error, in `language`: `message` and `fields` said in it, and beside them
 * the messages' codes and parameters (`messageCode`, `fieldCodes`) for programs that say them
 * themselves. English answers carry the same words as ever.
 */
export function errorBody(
  code: string,
  message: string,
  language: Language,
  fields?: Record<string, string>,
): ApiError {
  const ref = refDto(message);
  const body: ApiError['error'] = { code, message: translate(message, language) };
  if (ref) {
    body.messageCode = ref.code;
    if (ref.params) body.messageParams = ref.params;
  }
  if (fields) {
    body.fields = {};
    const fieldCodes: Record<string, MessageRefDto> = {};
    for (const [name, text] of Object.entries(fields)) {
      body.fields[name] = translate(text, language);
      const fieldRef = refDto(text);
      if (fieldRef) fieldCodes[name] = fieldRef;
    }
    if (Object.keys(fieldCodes).length > 0) body.fieldCodes = fieldCodes;
  }
  return { error: body };
}

export const badRequest = (message: Message, fields?: Record<string, Message>) =>
  new AppError(400, 'bad_request', message, fields);

/**
 * A zod failure as one readable sentence plus a message per field (the first for each). The schemas'
 * messages are `Message`s (common/i18n/messages.ts); zod's own ("Invalid input…") stay as they are.
 */
export function validationFailed(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  // Messages name their field already ("Event title is required", "page must be a whole number").
  return new AppError(400, 'validation_failed', error.issues[0]?.message ?? msg('invalidRequest'), fields);
}

/** Fastify's refusals that have a sentence of their own in the catalog; the rest are "Invalid request". */
const FRAMEWORK_MESSAGES: Partial<Record<string, Message>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: msg('invalidBody'),
  FST_ERR_CTP_EMPTY_JSON_BODY: msg('invalidBody'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg('unsupportedMediaType'),
  FST_ERR_CTP_BODY_TOO_LARGE: msg('tooLarge'),
};

/**
 * One of Fastify's own 4xx refusals (malformed JSON, a content type no route reads, a body too large,
 * an odd URL) with a message of the catalog, so that it has a code and reaches people in their language:
 * Fastify's sentences are English and speak of its internals (docs/PRODUCT.md#messages). Its code stays,
 * stable for programs.
 */
export const frameworkRefusal = (statusCode: number, code = 'bad_request') =>
  new AppError(
    statusCode,
    code,
    FRAMEWORK_MESSAGES[code] ?? (statusCode === 413 ? msg('tooLarge') : msg('invalidRequest')),
  );

export const unauthenticated = (message: Message = msg('unauthenticated')) =>
  new AppError(401, 'unauthenticated', message);

export const forbidden = (message: Message = msg('forbidden')) => new AppError(403, 'forbidden', message);

export const notFound = (message: Message = msg('notFound')) => new AppError(404, 'not_found', message);

export const conflict = (code: string, message: Message) => new AppError(409, code, message);

export const tooManyRequests = (message: Message = msg('rateLimited'), retryAfterSeconds?: number) =>
  new AppError(429, 'rate_limited', message, undefined, retryAfterSeconds);

/** The server is at capacity for this kind of work right now (not the caller's fault): try again soon. */
export const serverBusy = (message: Message, retryAfterSeconds: number) =>
  new AppError(503, 'server_busy', message, undefined, retryAfterSeconds);

/** A 400 for one field, shaped like any validation failure (a field's message under its name). */
export const invalidField = (field: string, message: Message) =>
  new AppError(400, 'validation_failed', message, { [field]: message });

/** A state-changing request sent from another site (server/auth/csrf.ts). */
export const crossSiteRequest = (message: Message) => new AppError(403, 'cross_site_request', message);

/** Submitting or reporting before the address is confirmed (server/policies/email.ts). */
export const emailUnverified = (message: Message) => new AppError(403, 'email_unverified', message);

/** Password sign-in and sign-up (docs/PRODUCT.md#sign-in-messages). */
export const authError = {
  invalidCredential: (message: Message) => new AppError(401, 'auth/invalid-credential', message),
  invalidEmail: (message: Message, fields?: Record<string, string>) =>
    new AppError(400, 'auth/invalid-email', message, fields),
  weakPassword: (message: Message, fields?: Record<string, string>) =>
    new AppError(400, 'auth/weak-password', message, fields),
};

/** Google sign-in (server/auth/google.ts). */
export const googleError = {
  accountExists: () =>
    new AppError(409, 'auth/account-exists-with-different-credential', msg('google.accountExists')),
  unverifiedEmail: () => new AppError(403, 'auth/unverified-email', msg('google.unverifiedEmail')),
  invalidState: () => new AppError(400, 'auth/invalid-state', msg('google.invalidState')),
  provider: (message: Message = msg('google.providerError')) =>
    new AppError(502, 'auth/provider-error', message),
  cancelled: () => new AppError(400, 'auth/cancelled-popup-request', msg('google.cancelled')),
  notConfigured: () => new AppError(404, 'auth/operation-not-allowed', msg('google.notConfigured')),
  /** Confirming with Google (re-authentication) for an account that is not linked to Google. */
  notLinked: () => new AppError(409, 'auth/no-google-account', msg('google.notLinked')),
  /** Re-authentication came back signed in to another Google account than the one linked to this account. */
  otherAccount: () => new AppError(403, 'auth/reauthentication-other-account', msg('google.otherAccount')),
  /** Google says the person last signed in too long ago: it did not ask for their credentials just now. */
  staleAuthentication: () =>
    new AppError(403, 'auth/reauthentication-too-old', msg('google.staleAuthentication')),
};

/** Refusals of the account and email endpoints (docs/EMAIL.md), each with its stable code. */
export const accountError = {
  /** No SMTP: nothing can be mailed. An operator can still print a reset link (admin reset-link). */
  mailDisabled: () => new AppError(404, 'mail_disabled', msg('account.mailDisabled')),
  linkExpired: () => new AppError(400, 'link_expired', msg('account.linkExpired')),
  alreadyVerified: () => new AppError(409, 'email_already_verified', msg('account.alreadyVerified')),
  moderatorsOnly: () => new AppError(403, 'forbidden', msg('account.moderatorsOnly')),
  /** The password given to confirm a change is not the account's (the field's message rides along). */
  wrongPassword: (field: string, message: Message) =>
    new AppError(400, 'auth/wrong-password', message, { [field]: message }),
  noPassword: () => new AppError(409, 'no_password', msg('account.noPassword')),
  /** Deleting an account without a password needs a recent Google re-authentication on this session. */
  reauthenticationRequired: (minutes: number) =>
    new AppError(403, 'reauthentication_required', msg('account.reauthenticationRequired', { minutes })),
};

/** Refusals of an uploaded image (docs/PRODUCT.md#flyers): nothing of it is stored. */
export const imageError = {
  /** Not an image we decode (`not_an_image`, `heic_unsupported`, `svg_refused`), or one we cannot read. */
  refused: (
    code: 'not_an_image' | 'heic_unsupported' | 'svg_refused' | 'undecodable' | 'too_many_pixels',
    message: Message,
  ) => new AppError(400, code, message),
  /** More bytes than an upload may have. */
  tooLarge: (message: Message) => new AppError(413, 'too_large', message),
};
