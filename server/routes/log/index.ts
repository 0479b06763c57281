import type { FastifyInstance } from 'fastify';
import { type LogList, type LogStats, logQuerySchema } from '../../../common/schemas/log';
import { isModerator } from '../../auth/actor';
import type { AppContext } from '../../context';
import type { ApiReads } from '../../http/apiReads';
import { presentLogEntry, presentLogStats, statsSince } from '../../presenters/log';
import { presentPage } from '../../presenters/page';
import { listLogEntries, listLogFacts } from '../../store/log';
import { parseInput } from '../../validate';

export function registerLogRoutes(app: FastifyInstance, { store }: AppContext, reads: ApiReads): void {
  /**
   * The transparency log (docs/PRODUCT.md#transparency-log): moderators see every entry, a signed-in user the entries about
   * events they submitted, a visitor none (the page invites them to sign in).
   */
  reads.get(
    app,
    '/api/log',
    async (request): Promise<LogList> => {
      const q = parseInput(logQuerySchema, request.query);
      const actor = request.actor;
      if (!actor) return { scope: 'none', entries: [], ...presentPage(0, q) };
      const all = isModerator(actor);
      const { rows, total } = await listLogEntries(store.db, all ? {} : { submittedBy: actor.id }, q);
      return {
        scope: all ? 'all' : 'own',
        entries: rows.map((row) => presentLogEntry(row, actor)),
        ...presentPage(total, q),
      };
    },
    { 'Cache-Control': 'no-store' },
  );

  /** Public figures: counts by action, reason and month; no identities, no event ids. */
  reads.get(app, '/api/log/stats', async (): Promise<LogStats> => {
    const now = Date.now();
    return presentLogStats(await listLogFacts(store.db, statsSince(now)), now);
  });
}
