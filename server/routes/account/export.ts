import type { FastifyInstance } from 'fastify';
import { accountExportFileName } from '../../../common/schemas/accountSettings';
import type { AppContext } from '../../context';
import { unauthenticated } from '../../errors';
import { requireSignedIn } from '../../policies/account';
import { type AccountData, presentAccountExport } from '../../presenters/accountExport';
import { enforceRateLimit } from '../../rateLimit';
import { loadAccountData } from '../../store/accountExport';
import { ACCOUNT_RATE_RULES } from './rateLimits';

/** "Download my data" (docs/PRODUCT.md#your-account): a JSON file of everything about the person. */
export function registerExportRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  app.get('/api/account/export', async (request, reply): Promise<AccountData> => {
    const actor = requireSignedIn(request.actor);
    await enforceRateLimit(store.db, ACCOUNT_RATE_RULES.exportData, actor.id);
    const data = await loadAccountData(store.db, actor.id);
    if (!data) throw unauthenticated();
    const now = Date.now();
    reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${accountExportFileName(new Date(now))}"`);
    return presentAccountExport(data, env.PUBLIC_URL, now);
  });
}
