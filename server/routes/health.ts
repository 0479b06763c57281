import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** The one probe row every app server writes (an upsert: servers checking at once do not conflict). */
const PROBE_NAME = 'health';

/**
 * `GET /api/health`: 200 once the server can read and write its database, else 503 with the cause in
 * the log (never in the answer: it may name files and hosts). A write is what fails first on a full
 * disk, a read-only file system or a lost permission, so the check writes one small row; a deleted or
 * replaced SQLite file still takes writes into the file the server had open, and a full disk still takes
 * writes that fit in pages the file has, so the file's identity, its header and the free space are
 * checked too.
 */
export function registerHealthRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const minFreeBytes = env.HEALTH_MIN_FREE_MB * 1024 * 1024;
  app.get('/api/health', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const problem = store.fileProblem(minFreeBytes);
      if (problem) throw new Error(problem);
      const now = Date.now();
      await store.db
        .insertInto('health_probe')
        .values({ name: PROBE_NAME, checked_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ checked_at: now }))
        .execute();
      return { status: 'ok', database: store.dialect };
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database cannot be written');
      return reply.code(503).send({ status: 'unavailable', database: store.dialect });
    }
  });
}
