import type { Kysely, Transaction } from 'kysely';
import { consumeEmailToken, deleteEmailTokens, type EmailTokenPurpose } from '../auth/emailTokens';
import { accountError } from '../errors';
import type { Database, UserRow } from '../store/schema';

/**
 * Use an emailed link in `trx`: whose account it opens, as it is now. A link proves the address it was
 * sent to, not whatever the account holds today, so one sent to an older address opens nothing.
 */
async function accountOfLink(
  trx: Transaction<Database>,
  purpose: EmailTokenPurpose,
  token: string,
  now: number,
): Promise<UserRow> {
  const link = await consumeEmailToken(trx, purpose, token, now);
  const user = link
    ? await trx.selectFrom('users').selectAll().where('id', '=', link.userId).executeTakeFirst()
    : undefined;
  if (!link || !user || user.email_lc !== link.emailLc) throw accountError.linkExpired();
  return user;
}

/**
 * "Set a new password" from a mailed link (docs/EMAIL.md), in one transaction: the link is used up,
 * the password replaced, every session of the account ended, and the address counts as proved (only
 * its owner could open the link). Any other link of the account goes too.
 */
export async function resetPasswordWithLink(
  db: Kysely<Database>,
  { token, passwordHash, now = Date.now() }: { token: string; passwordHash: string; now?: number },
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const user = await accountOfLink(trx, 'reset', token, now);
    const emailVerifiedAt = user.email_verified_at ?? now;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified_at: emailVerifiedAt })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await deleteEmailTokens(trx, user.id);
    return { ...user, password_hash: passwordHash, email_verified_at: emailVerifiedAt };
  });
}

/** "Confirm my email address": the link is used up and the address the account holds is proved. */
export async function verifyEmailWithLink(
  db: Kysely<Database>,
  { token, now = Date.now() }: { token: string; now?: number },
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const user = await accountOfLink(trx, 'verify', token, now);
    const emailVerifiedAt = user.email_verified_at ?? now;
    await trx
      .updateTable('users')
      .set({ email_verified_at: emailVerifiedAt })
      .where('id', '=', user.id)
      .execute();
    return { ...user, email_verified_at: emailVerifiedAt };
  });
}
