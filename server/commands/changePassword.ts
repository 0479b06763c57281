import type { Kysely } from 'kysely';
import { deleteEmailTokens } from '../auth/emailTokens';
import { deleteSessionsOfUser } from '../auth/sessions';
import type { Database } from '../store/schema';

/**
 * "Change password" on the account page (docs/PRODUCT.md#your-account), in one transaction: the new
 * hash is stored, every other session of the person ends (a thief signed in elsewhere is out), and any
 * unused reset link goes, since it was asked for to replace the password now replaced. The browser
 * that changed it stays signed in. Answers how many sessions ended.
 */
export async function changePassword(
  db: Kysely<Database>,
  { userId, passwordHash, keepSession }: { userId: string; passwordHash: string; keepSession?: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await deleteEmailTokens(trx, userId, 'reset');
    return deleteSessionsOfUser(trx, userId, keepSession);
  });
}
