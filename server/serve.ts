import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import type { Env } from './env';
import { migrateToLatest, openDatabase, type Store } from './store/db';

/** Open and migrate the database, serve web and API on one port, stop cleanly on SIGTERM/SIGINT. */
export async function serve(env: Env, options: { onStop?: () => void; store?: Store } = {}): Promise<void> {
  let store: Store;
  if (options.store) {
    store = options.store;
    await migrateToLatest(store.db);
  } else {
    store = await openDatabase(env.DATABASE_URL);
  }
  const webRoot = process.env.WEB_ROOT ?? fileURLToPath(new URL('../web/', import.meta.url));
  const app = await buildApp({ store, env, webRoot, logger: true });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await store.close();
      options.onStop?.();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`${env.SITE_TITLE} is serving ${env.PUBLIC_URL}`);
}
