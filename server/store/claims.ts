import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** How long "I'm looking at this" lasts unless taken again (docs/PRODUCT.md#moderation). */
export const CLAIM_MS = 10 * 60 * 1000;

export interface ClaimRow {
  event_id: string;
  moderator_id: string;
  moderator_name: string;
  expires_at: number;
}

/** The live claims on `eventIds` (those not expired by `now`), with each moderator's name. */
export async function liveClaims(
  db: Kysely<Database>,
  eventIds: string[],
  now: number,
): Promise<Map<string, ClaimRow>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_claims as c')
    .innerJoin('users as u', 'u.id', 'c.moderator_id')
    .select(['c.event_id', 'c.moderator_id', 'u.name as moderator_name', 'c.expires_at'])
    .where('c.event_id', 'in', eventIds)
    .where('c.expires_at', '>', now)
    .execute();
  return new Map(rows.map((r) => [r.event_id, { ...r, expires_at: Number(r.expires_at) }]));
}

/**
 * Claim an event for `moderatorId` until now + CLAIM_MS: taken when nobody holds it, when their claim
 * has expired, or renewed when it is already theirs; another moderator's live claim stays. One
 * statement, so two moderators claiming at once cannot both win. Answers the claim that now holds.
 */
export async function claimEvent(
  db: Kysely<Database>,
  { eventId, moderatorId, now }: { eventId: string; moderatorId: string; now: number },
): Promise<ClaimRow | undefined> {
  await db
    .insertInto('event_claims')
    .values({ event_id: eventId, moderator_id: moderatorId, expires_at: now + CLAIM_MS })
    .onConflict((oc) =>
      oc
        .column('event_id')
        .doUpdateSet((eb) => ({
          moderator_id: eb.ref('excluded.moderator_id'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('event_claims.moderator_id', '=', moderatorId),
            eb('event_claims.expires_at', '<=', now),
          ]),
        ),
    )
    .execute();
  // Expired claims of other events go with it: the table holds what is being looked at, no history.
  await db.deleteFrom('event_claims').where('expires_at', '<=', now).execute();
  return (await liveClaims(db, [eventId], now)).get(eventId);
}

/** Let go of one's own claim; false when one held none on it. */
export async function releaseClaim(
  db: Kysely<Database>,
  { eventId, moderatorId }: { eventId: string; moderatorId: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('event_claims')
    .where('event_id', '=', eventId)
    .where('moderator_id', '=', moderatorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
