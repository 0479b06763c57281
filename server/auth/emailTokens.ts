import type { Kysely, Transaction } from 'kysely';
import type { Database, EmailTokensTable } from '../store/schema';
import { hashToken, newSecretToken } from './sessions';

/**
 * Single-use links for setting a new password and confirming an address (docs/EMAIL.md). The link
 * carries 32 random bytes; the database keeps only their SHA-256, so a copy of it opens nothing.
 * Using a link deletes its row in the same statement that checks it, so it works once.
 */
export type EmailTokenPurpose = EmailTokensTable['purpose'];

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  reset: 3600 * 1000,
  verify: 2 * 24 * 3600 * 1000,
};

/** Where each link opens: a page of the web app, with the token after `#` so no server log sees it. */
const LINK_PATHS: Record<EmailTokenPurpose, string> = {
  reset: '/reset-password',
  verify: '/verify-email',
};

export const emailTokenLink = (publicUrl: string, purpose: EmailTokenPurpose, token: string): string =>
  `${publicUrl}${LINK_PATHS[purpose]}#token=${token}`;

/** Housekeeping: links past their time go (indexed on expires_at). Where links are made, and with the mail's. */
export async function deleteExpiredEmailTokens(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('email_tokens').where('expires_at', '<=', now).execute();
}

/** A new link for `userId`, proving `email`; returns the token, which is stored nowhere. */
export async function createEmailToken(
  db: Kysely<Database>,
  {
    userId,
    email,
    purpose,
    now = Date.now(),
  }: { userId: string; email: string; purpose: EmailTokenPurpose; now?: number },
): Promise<string> {
  await deleteExpiredEmailTokens(db, now);
  const token = newSecretToken();
  await db
    .insertInto('email_tokens')
    .values({
      id: hashToken(token),
      user_id: userId,
      purpose,
      email_lc: email.trim().toLowerCase(),
      created_at: now,
      expires_at: now + EMAIL_TOKEN_TTL_MS[purpose],
    })
    .execute();
  return token;
}

/** Whether a link would still work, without using it (so a bad link costs no password hashing). */
export async function emailTokenIsLive(
  db: Kysely<Database>,
  purpose: EmailTokenPurpose,
  token: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .select('id')
    .where('id', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Use a link: delete its row if it is live, and say whose it was and which address it proves. Of two
 * requests with one link, only the one whose DELETE found the row gets an answer; the other gets null.
 * The user's other links of the same purpose go too (a newer email makes older ones pointless).
 */
export async function consumeEmailToken(
  trx: Transaction<Database>,
  purpose: EmailTokenPurpose,
  token: string,
  now = Date.now(),
): Promise<{ userId: string; emailLc: string } | null> {
  const row = await trx
    .deleteFrom('email_tokens')
    .where('id', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email_lc'])
    .executeTakeFirst();
  if (!row) return null;
  await deleteEmailTokens(trx, row.user_id, purpose);
  return { userId: row.user_id, emailLc: row.email_lc };
}

export async function deleteEmailTokens(
  db: Kysely<Database>,
  userId: string,
  purpose?: EmailTokenPurpose,
): Promise<void> {
  let query = db.deleteFrom('email_tokens').where('user_id', '=', userId);
  if (purpose) query = query.where('purpose', '=', purpose);
  await query.execute();
}
