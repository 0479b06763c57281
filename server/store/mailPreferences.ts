import type { Kysely } from 'kysely';
import type { Role } from '../../common/moderationEnums';
import { NOTIFICATION_KINDS, NOTIFICATIONS, type NotificationKind } from '../../common/schemas/account';
import type { Database } from './schema';

/** The kinds a person with this role may get: moderators' kinds only for moderators. */
export const notificationKindsFor = (role: Role): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => NOTIFICATIONS[kind].audience === 'submitter' || role === 'moderator');

/** Each kind this role may get, on or off (a stored choice, else the kind's default). */
export async function getMailPreferences(
  db: Kysely<Database>,
  userId: string,
  role: Role,
): Promise<{ kind: NotificationKind; enabled: boolean }[]> {
  const rows = await db
    .selectFrom('mail_preferences')
    .select(['kind', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  const chosen = new Map(rows.map((r) => [r.kind, r.enabled === 1]));
  return notificationKindsFor(role).map((kind) => ({
    kind,
    enabled: chosen.get(kind) ?? NOTIFICATIONS[kind].defaultOn,
  }));
}

/** Whether this person gets emails of this kind: their choice, else the kind's default. */
export async function wantsMail(
  db: Kysely<Database>,
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  const row = await db
    .selectFrom('mail_preferences')
    .select('enabled')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? row.enabled === 1 : NOTIFICATIONS[kind].defaultOn;
}

/** Store choices (upserts, so two tabs saving at once leave one row per kind). */
export async function setMailPreferences(
  db: Kysely<Database>,
  userId: string,
  choices: Partial<Record<NotificationKind, boolean>>,
  now = Date.now(),
): Promise<void> {
  for (const [kind, enabled] of Object.entries(choices)) {
    if (enabled === undefined) continue;
    await db
      .insertInto('mail_preferences')
      .values({ user_id: userId, kind, enabled: enabled ? 1 : 0, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }),
      )
      .execute();
  }
}
