/**
 * The one way the web app talks to the server: JSON in, JSON out, errors as ApiRequestError; and the one
 * place that decides what a refusal means for the page (401: the session ended; 403: the role no longer
 * allows it) and what the query cache refreshes after a write. Features call these; none keeps its own
 * copy (docs/ARCHITECTURE.md#the-web-app).
 */
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SessionResponse } from '../../common/schemas/auth';
import type { ApiError, MessageRefDto } from '../../common/schemas/errors';

/**
 * A refusal: the server's stable `code`, its `message` and `fields` in the request's language, and the
 * messages' codes (`messageRef`, `fieldRefs`), with which web/lib/messages.ts says them in the page's.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly messageRef?: MessageRefDto,
    readonly fieldRefs?: Record<string, MessageRefDto>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The error an API answer with this status and JSON body stands for: the server's code, message and
 * field messages with their codes. Also read from a form the server answered without JavaScript
 * (web/lib/serverForm.ts), so that page says it exactly as the app would.
 */
export function apiErrorOf(status: number, data: unknown): ApiRequestError {
  const err = (data as Partial<ApiError> | null)?.error;
  return new ApiRequestError(
    status,
    err?.code ?? 'http_error',
    err?.message ?? `Request failed (${status})`,
    err?.fields,
    err?.messageCode
      ? { code: err.messageCode, ...(err.messageParams ? { params: err.messageParams } : {}) }
      : err?.message
        ? undefined
        : { code: 'network.failed', params: { status } },
    err?.fieldCodes,
  );
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  let response: Response;
  // A file upload (FormData) goes as multipart, its boundary set by the browser; anything else as JSON.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : null;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.body !== undefined && !form ? { 'Content-Type': 'application/json' } : {}),
      },
      body: form ?? (options.body !== undefined ? JSON.stringify(options.body) : null),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network', 'Could not reach the server. Check your connection.', undefined, {
      code: 'network.unreachable',
    });
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as T;
}

/** Build a query string from the values that are set, for URLs that stay short and shareable. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Who is signed in (web/lib/session.ts): the one cached answer that a refresh of the data leaves alone. */
export const sessionQueryKey = ['session'] as const;

const notSession = (query: Query) => query.queryKey[0] !== sessionQueryKey[0];

/** A refusal from the server, or the network, whose status `matches`. */
const failedWith = (error: unknown, matches: (status: number) => boolean): error is ApiRequestError =>
  error instanceof ApiRequestError && matches(error.status);

const isClientError = (status: number) => status >= 400 && status < 500;

/** The server answered 401: the session ended (signed out in another tab, expired, or revoked). */
export const isSessionEnded = (error: unknown): error is ApiRequestError =>
  failedWith(error, (status) => status === 401);

/**
 * The server no longer lets this person do it: their session ended (401) or their role no longer
 * allows it (403, a moderator demoted). Not a failure to retry: the session is asked again and the page
 * shows what they may now see.
 */
export const isAccessLost = (error: unknown): error is ApiRequestError =>
  failedWith(error, (status) => status === 401 || status === 403);

/** The server answered 404: the thing asked for does not exist, or not for this person. */
export const isNotFound = (error: unknown): error is ApiRequestError =>
  failedWith(error, (status) => status === 404);

/** The server refused the request (4xx): an answer about it, which asking again will not change. */
export const isRefusal = (error: unknown): error is ApiRequestError => failedWith(error, isClientError);

/**
 * A failure whose message is worth showing: the server's words for what the person can act on (a 4xx:
 * a field, the rate limit, signed out, gone) or that the server could not be reached. A 5xx's words
 * tell them nothing: the page says its own short line instead.
 */
export const isWorthShowing = (error: unknown): error is ApiRequestError =>
  failedWith(error, (status) => status === 0 || isClientError(status));

/** Retry a failed load (three times, as by default), unless access was lost: asking again cannot help then. */
export const retryUnlessAccessLost = (failureCount: number, error: unknown): boolean =>
  !isAccessLost(error) && failureCount < 3;

/** Drop everything cached for the previous viewer but the session: what the server shows depends on who asks. */
export function forgetViewerData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: notSession });
}

/** How the query cache follows the server after a write or a refusal. */
export interface ApiCache {
  /** Ask the server again who is signed in; resolves once the answer is in. */
  refreshSession(): Promise<void>;
  /**
   * Signed out (here, everywhere, or the account deleted): forget what was shown to this person, show
   * the page signed out at once, and ask the server again.
   */
  signedOut(): Promise<void>;
  /**
   * After a write changed data: every list and event refetches, the session aside. `later`: only what
   * is not on screen refetches now, and what is shown keeps its data until it is next shown.
   */
  refreshData(options?: { later?: boolean }): Promise<void>;
  /** After a write settled: a refusal for lost access asks for the session; anything else refreshes the data. */
  afterWrite(error: unknown): Promise<void>;
  /** A request whose refusal for lost access asks for the session again (the error still goes on). */
  accessChecked<T>(request: Promise<T>): Promise<T>;
}

export function useApiCache(): ApiCache {
  const queryClient = useQueryClient();
  return useMemo((): ApiCache => {
    const refreshSession = () => queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    const refreshData = ({ later = false } = {}) =>
      queryClient.invalidateQueries({ predicate: notSession, refetchType: later ? 'inactive' : 'active' });
    return {
      refreshSession,
      async signedOut() {
        forgetViewerData(queryClient);
        queryClient.setQueryData<SessionResponse>(sessionQueryKey, (session) =>
          session ? { ...session, user: null } : session,
        );
        await refreshSession();
      },
      refreshData,
      afterWrite: (error) => (isAccessLost(error) ? refreshSession() : refreshData()),
      async accessChecked(request) {
        try {
          return await request;
        } catch (error) {
          if (isAccessLost(error)) void refreshSession();
          throw error;
        }
      },
    };
  }, [queryClient]);
}
