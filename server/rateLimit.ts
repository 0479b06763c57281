import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Message } from '../common/i18n/messages';
import { tooManyRequests } from './errors';
import type { Database } from './store/schema';
import { DAY_MS, dailySecret, deleteOldSecrets } from './store/secrets';

/**
 * Fixed-window rate limits kept in the database, so every app server on one database shares them.
 * Keys hold a keyed hash of the IP or account, never the IP itself, and rows expire with their window.
 */
export interface RateRule {
  /** Name of the limit, e.g. 'sign-in:ip'. */
  name: string;
  /** Allowed hits per window. */
  limit: number;
  windowMs: number;
  /**
   * Shown to the person who hit it (in their language: docs/PRODUCT.md#messages); given the seconds
   * until the window resets, it can say when to try again (see `waitMinutes`).
   */
  message: Message | ((retryAfterSeconds: number) => Message);
}

/** Purpose of the daily secrets that key the hashes (app_secrets names `rate-limit/YYYY-MM-DD`). */
export const RATE_LIMIT_SECRET = 'rate-limit';

function windowStartOf(rule: RateRule, now: number): number {
  if (!(rule.windowMs > 0 && rule.windowMs <= DAY_MS)) {
    // A longer window would need a secret older than yesterday's, which is deleted (store/secrets.ts).
    throw new Error(`Rate limit ${rule.name}: the window must be between 1 ms and one day`);
  }
  return now - (now % rule.windowMs);
}

/**
 * The row key of `subject` (an IP address or an account id) under `rule` for the window holding
 * `now`: `rule:HMAC-SHA-256(secret, rule ‖ subject)`, truncated to 132 bits. A plain hash of an IPv4
 * address is reversed by trying all 2^32 of them; this one needs the secret, which is random, made by
 * the app and deleted after two days. The secret is the one of the UTC day the window began, so a
 * window that runs over midnight keeps one key and one count. The rule's name is hashed too, so rows of
 * different rules cannot be matched up to one person.
 */
export async function rateKey(
  db: Kysely<Database>,
  rule: RateRule,
  subject: string,
  now = Date.now(),
): Promise<string> {
  const secret = await dailySecret(db, RATE_LIMIT_SECRET, windowStartOf(rule, now), now);
  const digest = createHmac('sha256', secret)
    .update(`${rule.name}\0${subject}`)
    .digest('base64url')
    .slice(0, 22);
  return `${rule.name}:${digest}`;
}

/** Count one hit; returns whether it is allowed and, if not, seconds until the window resets. */
export async function hitRateLimit(
  db: Kysely<Database>,
  rule: RateRule,
  subject: string,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = windowStartOf(rule, now);
  const key = await rateKey(db, rule, subject, now);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<', windowStart)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<', windowStart)
          .then(windowStart)
          .else(eb.ref('rate_limits.window_start'))
          .end(),
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const allowed = Number(row.count) <= rule.limit;
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.window_start) + rule.windowMs - now) / 1000));
  return { allowed, retryAfterSeconds };
}

/**
 * Rows are kept no longer than the longest window of any rule (submissions per day), so the hashed
 * addresses in them are gone within a day. No rule may have a longer window (see windowStartOf).
 */
export const RATE_LIMIT_RETENTION_MS = 24 * 3600 * 1000;
/** Count a hit and throw a 429 with the rule's message when over the limit. */
export async function enforceRateLimit(
  db: Kysely<Database>,
  rule: RateRule,
  subject: string,
  now = Date.now(),
): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, rule, subject, now);
  if (!allowed) {
    const message = typeof rule.message === 'function' ? rule.message(retryAfterSeconds) : rule.message;
    throw tooManyRequests(message, retryAfterSeconds);
  }
}

/**
 * A wait in whole minutes, or hours, rounded up (never sooner than it is): what a limit's message says,
 * "You can submit again in 34 minutes". Few values, so `msg` remembers few messages.
 */
export const waitMinutes = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));
export const waitHours = (seconds: number): number => Math.max(1, Math.ceil(seconds / 3600));

/** Forget windows that ended, and secrets older than yesterday's (server/maintenance.ts runs it). */
export async function pruneRateLimits(db: Kysely<Database>, olderThanMs: number, now = Date.now()) {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - olderThanMs)
    .execute();
  await deleteOldSecrets(db, RATE_LIMIT_SECRET, now);
}
