import type { Kysely } from 'kysely';
import { isNotificationKind, type NotificationKind } from '../../common/schemas/account';
import { hashToken, newSecretToken } from '../auth/sessions';
import { setMailPreferences } from '../store/mailPreferences';
import type { Database } from '../store/schema';
import { UNSUBSCRIBE_RETENTION_MS } from './outbox';

/** The address of the one-click unsubscribe link (a page for people, a POST for mail programs). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/**
 * A link that turns off one kind of email for one person, without signing in (RFC 8058). Made when the
 * email is sent; the database keeps its SHA-256 only, so the table cannot be used to unsubscribe anyone.
 */
export async function createUnsubscribeLink(
  db: Kysely<Database>,
  publicUrl: string,
  { userId, kind, now = Date.now() }: { userId: string; kind: NotificationKind; now?: number },
): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('mail_unsubscribe_tokens')
    .values({ id: hashToken(token), user_id: userId, kind, created_at: now })
    .execute();
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${token}`;
}

/** Whose link this is and which kind it stops; null for an unknown or expired link. */
export async function findUnsubscribeToken(
  db: Kysely<Database>,
  token: string,
  now = Date.now(),
): Promise<{ userId: string; kind: NotificationKind } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .selectFrom('mail_unsubscribe_tokens')
    .select(['user_id', 'kind'])
    .where('id', '=', hashToken(token))
    .where('created_at', '>', now - UNSUBSCRIBE_RETENTION_MS)
    .executeTakeFirst();
  if (!row || !isNotificationKind(row.kind)) return null;
  return { userId: row.user_id, kind: row.kind };
}

/** Turn that kind off. The link keeps working (a second press changes nothing), as RFC 8058 expects. */
export async function unsubscribe(
  db: Kysely<Database>,
  token: string,
  now = Date.now(),
): Promise<{ userId: string; kind: NotificationKind } | null> {
  const found = await findUnsubscribeToken(db, token, now);
  if (found) await setMailPreferences(db, found.userId, { [found.kind]: false }, now);
  return found;
}
