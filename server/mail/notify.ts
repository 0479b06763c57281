import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, type Language } from '../../common/i18n/languages';
import type { ReportReason } from '../../common/moderationEnums';
import { NOTIFICATIONS, type NotificationKind } from '../../common/schemas/account';
import { wantsMail } from '../store/mailPreferences';
import type { Database, EventRow, UserRow } from '../store/schema';
import { languageOf } from '../store/users';
import type { Outbox } from './outbox';
import type { AccountMailKind, MailPayload } from './payload';

/**
 * Who hears of what (docs/EMAIL.md). Each function writes its emails with the `db` it is given: the
 * transaction of the cause. Notifications go only to addresses their owner proved (an account made
 * with someone else's address must not make us mail them), and only for kinds they have on. Each email
 * is in its recipient's language (users.language, English when they never chose), decided here, when
 * the row is written: the recipient is read here anyway, and every attempt (a retry hours later, or a
 * copy after a crash, with the same Message-ID) then says the same thing in the same words.
 */

type SubmitterKind = {
  [K in NotificationKind]: (typeof NOTIFICATIONS)[K]['audience'] extends 'submitter' ? K : never;
}[NotificationKind];
type ModeratorKind = Exclude<NotificationKind, SubmitterKind>;

/**
 * Tell the event's submitter what happened to it (approved, rejected or removed, with the reason), with
 * what the email needs to say of that moment (`details`: the schedule it was given, the date of a series
 * a change was about, how many dates an approval covers).
 */
export async function notifySubmitter(
  db: Kysely<Database>,
  outbox: Outbox | undefined,
  kind: SubmitterKind,
  event: EventRow,
  details: Pick<MailPayload, 'reason' | 'schedule' | 'startsAt' | 'timezone' | 'dates'> = {},
): Promise<void> {
  if (!outbox?.enabled) return;
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified_at', 'language'])
    .where('id', '=', event.created_by)
    .executeTakeFirst();
  if (!user || user.email_verified_at === null || !(await wantsMail(db, user.id, kind))) return;
  await outbox.enqueue(db, {
    kind,
    userId: user.id,
    to: user.email,
    payload: {
      name: user.name,
      language: languageOf(user) ?? DEFAULT_LANGUAGE,
      eventId: event.id,
      title: event.title,
      ...details,
    },
  });
}

/** The moderators who proved their address and turned `kind` on. */
async function moderatorsWanting(db: Kysely<Database>, kind: ModeratorKind) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('mail_preferences', (join) =>
      join.onRef('mail_preferences.user_id', '=', 'users.id').on('mail_preferences.kind', '=', kind),
    )
    .select(['users.id', 'users.name', 'users.email', 'users.language', 'mail_preferences.enabled'])
    .where('users.role', '=', 'moderator')
    .where('users.email_verified_at', 'is not', null)
    .orderBy('users.id')
    .execute();
  return rows.filter((r) => (r.enabled === null ? NOTIFICATIONS[kind].defaultOn : r.enabled === 1));
}

/** Tell the moderators who asked for it: a new submission, or a new report (never who reported it). */
export async function notifyModerators(
  db: Kysely<Database>,
  outbox: Outbox | undefined,
  kind: Exclude<ModeratorKind, 'daily_digest'>,
  event: EventRow,
  details: { except?: string; reportReason?: ReportReason } = {},
): Promise<void> {
  if (!outbox?.enabled) return;
  for (const moderator of await moderatorsWanting(db, kind)) {
    // Whoever caused it knows already (a moderator's own submission or report).
    if (moderator.id === details.except) continue;
    await outbox.enqueue(db, {
      kind,
      userId: moderator.id,
      to: moderator.email,
      payload: {
        name: moderator.name,
        language: languageOf(moderator) ?? DEFAULT_LANGUAGE,
        eventId: event.id,
        title: event.title,
        ...(details.reportReason ? { reportReason: details.reportReason } : {}),
      },
    });
  }
}

/** Digests are written from this hour (UTC) on, once per day and moderator. */
export const DIGEST_HOUR_UTC = 6;
const DAY = 24 * 3600 * 1000;

/**
 * The daily digest of what waits (pending events, reported events), for each moderator who asked for
 * it, when something waits. Any app server may run this any number of times a day: the outbox's
 * unique `dedupe_key` (moderator and UTC day) keeps it to one email each. Returns how many were written.
 */
export async function queueDailyDigests(
  db: Kysely<Database>,
  outbox: Outbox,
  now = Date.now(),
): Promise<number> {
  if (!outbox.enabled || now % DAY < DIGEST_HOUR_UTC * 3600 * 1000) return 0;
  const moderators = await moderatorsWanting(db, 'daily_digest');
  if (moderators.length === 0) return 0;
  const count = async (status: 'pending' | 'reported') => {
    const query =
      status === 'pending'
        ? db.selectFrom('events').where('status', '=', 'pending')
        : db
            .selectFrom('events')
            .where('status', '=', 'approved')
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('reports')
                  .select('reports.id')
                  .whereRef('reports.event_id', '=', 'events.id')
                  .where('reports.status', '=', 'open'),
              ),
            );
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const pending = await count('pending');
  const reported = await count('reported');
  if (pending === 0 && reported === 0) return 0;
  const day = new Date(now).toISOString().slice(0, 10);
  let written = 0;
  for (const moderator of moderators) {
    const wrote = await outbox.enqueue(
      db,
      {
        kind: 'daily_digest',
        userId: moderator.id,
        to: moderator.email,
        payload: {
          name: moderator.name,
          language: languageOf(moderator) ?? DEFAULT_LANGUAGE,
          pending,
          reported,
        },
        dedupeKey: `digest:${moderator.id}:${day}`,
      },
      now,
    );
    if (wrote) written += 1;
  }
  return written;
}

type Recipient = Pick<UserRow, 'id' | 'name' | 'email'>;

/**
 * An email about the account itself: "Forgot password?" (a link to set a new one) or a link that proves
 * the address (after a password sign-up, or "Send the link again"). The links are made when it is sent.
 * In the account's language; for an account that never chose one, in the language of the page that
 * asked for it (`asked`).
 */
export async function queueAccountMail(
  db: Kysely<Database>,
  outbox: Outbox,
  kind: AccountMailKind,
  user: Recipient,
  asked: Language,
): Promise<boolean> {
  if (!outbox.enabled) return false;
  const account = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', user.id)
    .executeTakeFirst();
  const language = (account && languageOf(account)) ?? asked;
  return outbox.enqueue(db, {
    kind,
    userId: user.id,
    to: user.email,
    payload: { name: user.name, language },
  });
}
