import type { Kysely, Transaction } from 'kysely';
import { unauthenticated } from '../errors';
import type { Database } from '../store/schema';

/** The name a deleted account's tombstone keeps: what moderators see where a name is shown. */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** The tombstone's address: unique, and never an email address, so nobody can sign in or be mailed. */
export const deletedAddressOf = (userId: string) => `deleted-${userId.toLowerCase()}`;

/**
 * "Delete my account" (docs/PRODUCT.md#deleting-an-account), in one transaction:
 * - the user row becomes an anonymous tombstone: no name, no address (a unique non-address instead, so
 *   the person can sign up again with theirs), no password, no Google link, role `user`, `deleted_at`
 *   set. Events, reports and log entries keep pointing at it, so no foreign key breaks and nothing
 *   points at the person;
 * - events still waiting for review are withdrawn (status `withdrawn`, as their submitter would; no log
 *   entry: no moderator acted), and so are the changes the person proposed to published events.
 *   Events already decided stay as they are; approved ones stay published, with no submitter to name;
 * - reports stay (moderators may still need them), now by the tombstone;
 * - the images the person uploaded are deleted, but those a published event shows: they are the
 *   event's now (docs/PRODUCT.md#flyers), and stay with no uploader to name;
 * - every session, emailed link, email choice, unsubscribe link and email not yet sent ends.
 * Refuses (401) an account already deleted, e.g. by a second click racing the first.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  { userId, now = Date.now() }: { userId: string; now?: number },
): Promise<{ withdrawnEvents: number }> {
  return db.transaction().execute(async (trx) => {
    const address = deletedAddressOf(userId);
    const updated = await trx
      .updateTable('users')
      .set({
        name: DELETED_ACCOUNT_NAME,
        email: address,
        email_lc: address,
        password_hash: null,
        google_sub: null,
        role: 'user',
        email_verified_at: null,
        language: null,
        deleted_at: now,
      })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw unauthenticated();

    const withdrawn = await trx
      .updateTable('events')
      .set((eb) => ({ status: 'withdrawn', updated_at: now, version: eb('version', '+', 1) }))
      .where('created_by', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    await trx
      .updateTable('event_changes')
      .set({ status: 'withdrawn', decided_at: now })
      .where('proposed_by', '=', userId)
      .where('status', '=', 'pending')
      .execute();

    await forgetImagesOf(trx, userId);

    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('mail_preferences').where('user_id', '=', userId).execute();
    await trx.deleteFrom('mail_unsubscribe_tokens').where('user_id', '=', userId).execute();
    // All of them: waiting ones must not go out, and sent or failed ones hold the address and what the
    // email said. One being sent right now may still leave; its sender's update then finds no row.
    await trx.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
    // What moderators kept about the person (notes on them, their trust) goes with the account.
    await trx.deleteFrom('moderator_notes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('trusted_people').where('user_id', '=', userId).execute();
    return { withdrawnEvents: Number(withdrawn.numUpdatedRows) };
  });
}

/** The person's uploads leave with them, but those a published event shows (docs/PRODUCT.md#flyers). */
async function forgetImagesOf(trx: Transaction<Database>, userId: string): Promise<void> {
  const gone = (
    await trx
      .selectFrom('images')
      .select('id')
      .where('uploaded_by', '=', userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('events')
              .select('events.id')
              .whereRef('events.image_id', '=', 'images.id')
              .where('events.status', '=', 'approved'),
          ),
        ),
      )
      .execute()
  ).map((row) => row.id);
  if (gone.length > 0) {
    // Their withdrawn, rejected or removed events lose the image with it.
    await trx
      .updateTable('events')
      .set({ image: null, image_id: null })
      .where('image_id', 'in', gone)
      .execute();
    await trx.deleteFrom('images').where('id', 'in', gone).execute();
  }
  await trx.updateTable('images').set({ uploaded_by: null }).where('uploaded_by', '=', userId).execute();
}
