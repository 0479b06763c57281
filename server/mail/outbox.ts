import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { deleteExpiredEmailTokens } from '../auth/emailTokens';
import type { Env } from '../env';
import { mailEnabled } from '../env';
import type { Store } from '../store/db';
import { newId } from '../store/ids';
import type { Database, MailOutboxRow } from '../store/schema';
import type { MailKind, MailPayload } from './payload';

/**
 * The outbox (docs/EMAIL.md): an email is a row written in the same transaction as what caused it, so
 * it exists exactly when its cause does. A sender (sender.ts) then claims rows one at a time, sends
 * them and marks them sent, or tries again later, or gives up and marks them failed.
 */
export class Outbox {
  readonly enabled: boolean;

  constructor(private readonly env: Env) {
    this.enabled = mailEnabled(env);
  }

  /**
   * Write one email with `db` (the cause's transaction). Nothing when this server sends no email, or
   * when an email with the same `dedupeKey` exists already. Returns whether a row was written.
   */
  async enqueue(
    db: Kysely<Database>,
    mail: { kind: MailKind; userId: string; to: string; payload: MailPayload; dedupeKey?: string },
    now = Date.now(),
  ): Promise<boolean> {
    if (!this.enabled) return false;
    const id = newId();
    const host = new URL(this.env.PUBLIC_URL).hostname || 'localhost';
    const result = await db
      .insertInto('mail_outbox')
      .values({
        id,
        // Stable across attempts, so a mail client can tell a resent message from a new one.
        message_id: `<${id}.${now.toString(36)}@${host}>`,
        kind: mail.kind,
        user_id: mail.userId,
        to_address: mail.to,
        payload: JSON.stringify(mail.payload),
        dedupe_key: mail.dedupeKey ?? null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        claim_token: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

const DUE_STATUSES = ['pending', 'sending'] as const;

/**
 * Take the next email that is due, for `leaseMs`: a pending one whose time has come, or one whose
 * sender's claim lapsed (it crashed or hung). One UPDATE moves it to `sending` with a fresh claim
 * token, so of several senders (several app servers) exactly one gets each row: on PostgreSQL the
 * row is locked with FOR UPDATE SKIP LOCKED and others pass over it; SQLite runs one writer at a time.
 */
export async function claimNextMail(
  store: Store,
  { now, leaseMs }: { now: number; leaseMs: number },
): Promise<MailOutboxRow | undefined> {
  const db = store.db;
  const dueRows = () =>
    db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', 'in', DUE_STATUSES)
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(1);
  // A read first: an idle outbox costs one indexed SELECT, not a write (which SQLite serialises).
  if (!(await dueRows().executeTakeFirst())) return undefined;
  const due = store.dialect === 'postgres' ? dueRows().forUpdate().skipLocked() : dueRows();
  return (
    db
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'sending',
        claim_token: randomBytes(12).toString('base64url'),
        // While claimed, next_attempt_at is when the claim lapses.
        next_attempt_at: now + leaseMs,
        attempts: eb('attempts', '+', 1),
      }))
      // `=` a one-row subquery, not `IN`: PostgreSQL runs a scalar subquery once (an InitPlan), while
      // `IN` may become a semi-join that re-runs the locking subquery for every row, claiming them all.
      .where('id', '=', due)
      .where('status', 'in', DUE_STATUSES)
      .where('next_attempt_at', '<=', now)
      .returningAll()
      .executeTakeFirst()
  );
}

/** Sent. Only the holder of the claim may say so (a lapsed claim was taken over by another sender). */
export async function markMailSent(
  db: Kysely<Database>,
  row: MailOutboxRow,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: now, claim_token: null, last_error: null })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claim_token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How long after failed attempt number `attempt` (1, 2, …) to try again: doubling, at most an hour. */
export function retryDelay(env: Pick<Env, 'MAIL_RETRY_MS'>, attempt: number): number {
  const cap = Math.max(env.MAIL_RETRY_MS, 3600 * 1000);
  return Math.min(cap, env.MAIL_RETRY_MS * 2 ** Math.min(30, attempt - 1));
}

/**
 * A failed attempt: back to pending with a later time, or `failed` for good after the last attempt
 * (or at once when the failure cannot get better by waiting, e.g. the mail server refuses the address).
 */
export async function recordMailFailure(
  db: Kysely<Database>,
  env: Pick<Env, 'MAIL_RETRY_MS' | 'MAIL_MAX_ATTEMPTS'>,
  row: MailOutboxRow,
  { error, permanent, now = Date.now() }: { error: string; permanent: boolean; now?: number },
): Promise<'retry' | 'failed'> {
  const final = permanent || row.attempts >= env.MAIL_MAX_ATTEMPTS;
  await db
    .updateTable('mail_outbox')
    .set({
      status: final ? 'failed' : 'pending',
      next_attempt_at: final ? now : now + retryDelay(env, row.attempts),
      claim_token: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claim_token)
    .execute();
  return final ? 'failed' : 'retry';
}

const DAY = 24 * 3600 * 1000;
/** Sent emails are kept a week (mail-status shows them), failed ones a month; then they go. */
export const SENT_RETENTION_MS = 7 * DAY;
export const FAILED_RETENTION_MS = 30 * DAY;
/** An unsubscribe link works for a year after its email was sent. */
export const UNSUBSCRIBE_RETENTION_MS = 365 * DAY;

export async function pruneMail(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('created_at', '<', now - SENT_RETENTION_MS)]),
        eb.and([eb('status', '=', 'failed'), eb('created_at', '<', now - FAILED_RETENTION_MS)]),
      ]),
    )
    .execute();
  await deleteExpiredEmailTokens(db, now);
  await db
    .deleteFrom('mail_unsubscribe_tokens')
    .where('created_at', '<', now - UNSUBSCRIBE_RETENTION_MS)
    .execute();
}
