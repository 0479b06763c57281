import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';

export function registerHealthRoutes(app: FastifyInstance, { store }: AppContext): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(store.db);
      return { status: 'ok', database: store.dialect };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: store.dialect });
    }
  });
}
