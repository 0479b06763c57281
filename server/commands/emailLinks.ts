import type { Kysely } from 'kysely';
import { accountError } from '../auth/accountErrors';
import { consumeEmailToken, deleteEmailTokens } from '../auth/emailTokens';
import type { Database, UserRow } from '../store/schema';

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
    const link = await consumeEmailToken(trx, 'reset', token, now);
    const user = link
      ? await trx.selectFrom('users').selectAll().where('id', '=', link.userId).executeTakeFirst()
      : undefined;
    // A link proves the address it was sent to, not whatever the account holds today.
    if (!link || !user || user.email_lc !== link.emailLc) throw accountError.linkExpired();
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
    const link = await consumeEmailToken(trx, 'verify', token, now);
    const user = link
      ? await trx.selectFrom('users').selectAll().where('id', '=', link.userId).executeTakeFirst()
      : undefined;
    if (!link || !user || user.email_lc !== link.emailLc) throw accountError.linkExpired();
    const emailVerifiedAt = user.email_verified_at ?? now;
    await trx
      .updateTable('users')
      .set({ email_verified_at: emailVerifiedAt })
      .where('id', '=', user.id)
      .execute();
    return { ...user, email_verified_at: emailVerifiedAt };
  });
}
