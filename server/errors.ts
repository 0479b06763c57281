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
