import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { deleteExpiredSessions } from './auth/sessions';
import type { AppContext } from './context';
import { pruneRateLimits, RATE_LIMIT_RETENTION_MS } from './rateLimit';
import { deleteUnusedImages } from './store/images';
import type { Database } from './store/schema';

/** How often each app server tidies the database (several servers doing it too is harmless). */
export const MAINTENANCE_EVERY_MS = 10 * 60_000;

/**
 * What is kept only for a while, deleted: rate-limit rows a day after their window began, rate-limit
 * secrets older than yesterday's (docs/SECURITY.md, "Rate-limit keys and retention"), and sessions
 * past their end, and uploaded images no event used within a day. On a timer, never inside a request, so no request pays for it.
 */
export async function runMaintenance(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await pruneRateLimits(db, RATE_LIMIT_RETENTION_MS, now);
  await deleteExpiredSessions(db, now);
  await deleteUnusedImages(db, now);
}

/** Run it once the app is ready and every MAINTENANCE_EVERY_MS after, until the app closes. */
export function registerMaintenance(app: FastifyInstance, { store }: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    runMaintenance(store.db).catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'));
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, MAINTENANCE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
