import { msg } from '../../common/i18n/messages';
import { conflict } from '../errors';
import { insertPersonAuditEntry } from '../store/audit';
import { trustPerson as trust, untrustPerson } from '../store/trust';
import type { ModerationContext } from './transition';

const ALREADY_TRUSTED = msg('moderation.alreadyTrusted');
const ALREADY_UNTRUSTED = msg('moderation.alreadyUntrusted');

/**
 * Trust a person (their submissions are published without review) or stop trusting them, with the
 * entry in their audit trail, in one transaction (docs/PRODUCT.md#moderation). Already so: a 409, and
 * nothing written.
 */
export async function trustPerson(
  ctx: ModerationContext,
  { userId, trusted }: { userId: string; trusted: boolean },
): Promise<void> {
  const now = ctx.now ?? Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const changed = trusted
      ? await trust(trx, { userId, moderatorId: ctx.moderatorId, now })
      : await untrustPerson(trx, userId);
    if (!changed) throw conflict('trust_unchanged', trusted ? ALREADY_TRUSTED : ALREADY_UNTRUSTED);
    await insertPersonAuditEntry(trx, {
      userId,
      action: trusted ? 'trusted' : 'untrusted',
      moderatorId: ctx.moderatorId,
      now,
    });
  });
}
