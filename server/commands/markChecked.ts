import { msg } from '../../common/i18n/messages';
import { conflict } from '../errors';
import { insertAuditEntry } from '../store/audit';
import { clearUnreviewed } from '../store/trust';
import type { ModerationContext } from './transition';

const NOT_UNREVIEWED = msg('moderation.notUnreviewed');

/**
 * "Published without review" checked (docs/PRODUCT.md#moderation): the mark goes, with the event's
 * audit entry, in one transaction. No mark (another moderator checked it first): a 409.
 */
export async function markChecked(ctx: ModerationContext, { eventId }: { eventId: string }): Promise<void> {
  const now = ctx.now ?? Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await clearUnreviewed(trx, eventId))) throw conflict('not_unreviewed', NOT_UNREVIEWED);
    await insertAuditEntry(trx, { eventId, action: 'checked', moderatorId: ctx.moderatorId, now });
  });
}
