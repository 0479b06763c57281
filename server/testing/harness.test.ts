import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, it } from 'vitest';
import { startServersOnOneDatabase } from './harness';

it('starts several servers on one database and leaves nothing behind when closed', async () => {
  const group = await startServersOnOneDatabase(3);
  const urls = group.servers.map((server) => server.env.DATABASE_URL);
  expect(new Set(urls).size).toBe(1);
  expect(new Set(group.servers.map((server) => server.url)).size).toBe(3);
  for (const server of group.servers) expect((await server.fetch('/api/health')).status).toBe(200);
  const sqliteFile = urls[0]?.startsWith('sqlite:') ? urls[0].slice('sqlite:'.length) : null;
  if (sqliteFile) expect(existsSync(sqliteFile)).toBe(true);

  await group.close();
  for (const server of group.servers) {
    await expect(server.fetch('/api/health')).rejects.toThrow();
  }
  // On SQLite its folder is gone; a PostgreSQL database goes with the test run's cluster.
  if (sqliteFile) expect(existsSync(dirname(sqliteFile))).toBe(false);
});
