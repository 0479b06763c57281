import { msg } from '../../common/i18n/messages';
import { conflict, notFound } from '../errors';
import { requiredState } from '../policies/moderation';
import { insertAuditEntry } from '../store/audit';
import { getEventById } from '../store/events';
import { insertLogEntry } from '../store/log';
import type { EventRow } from '../store/schema';
import { STALE_VERSION } from './editEvent';
import { EVENT_GONE, type ModerationContext } from './transition';

export const VERIFY_NOT_PUBLISHED = msg('moderation.verifyNotPublished');
const ALREADY = {
  true: msg('moderation.alreadyVerified'),
  false: msg('moderation.alreadyUnverified'),
};

/**
 * Verify a published event, or remove its verification (docs/PRODUCT.md#moderation): a mis-click on
 * "Approve & Verify" is undone here. One transaction: the mark, a public log entry (`verified` or
 * `unverified`, never naming the moderator) and the audit trail. The UPDATE's WHERE clause is the
 * lock: of two moderators acting at once one changes it, the other is told it is already done.
 */
export async function verifyEvent(
  ctx: ModerationContext,
  { eventId, verified, version }: { eventId: string; verified: boolean; version?: number | undefined },
): Promise<EventRow> {
  const now = ctx.now ?? Date.now();
  const { status } = requiredState('verify', now);
  return ctx.db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('events')
      .set((eb) => ({ verified: verified ? 1 : 0, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', eventId)
      .where('status', '=', status)
      .where('verified', '=', verified ? 0 : 1);
    if (version !== undefined) update = update.where('version', '=', version);
    const result = await update.executeTakeFirst();
    const event = await getEventById(trx, eventId);
    if (!event) throw notFound(EVENT_GONE);
    if (Number(result.numUpdatedRows) !== 1) {
      if (event.status !== status) throw conflict('not_published', VERIFY_NOT_PUBLISHED);
      if (Boolean(event.verified) === verified) throw conflict('status_changed', ALREADY[`${verified}`]);
      throw conflict('stale_version', STALE_VERSION);
    }
    const action = verified ? 'verified' : 'unverified';
    await insertLogEntry(trx, { eventId, action, reason: '', moderatorId: ctx.moderatorId, now });
    await insertAuditEntry(trx, { eventId, action, moderatorId: ctx.moderatorId, now });
    return event;
  });
}
