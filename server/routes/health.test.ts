import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

/** `GET /api/health` tells whether the database can be written, and the log says why not. */
let server: TestServer | undefined;
let lines: string[] = [];

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const stream = new PassThrough();
  lines = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  server = await startTestServer({ logStream: stream, env });
  return server;
}

afterEach(async () => {
  await server?.close().catch(() => undefined);
  server = undefined;
});

const causes = () =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } })
    .filter((entry) => entry.msg?.startsWith('health check'))
    .map((entry) => entry.err?.message ?? '');

describe('GET /api/health', () => {
  it('answers 200 and writes its probe row', async () => {
    const s = await start();
    const res = await s.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', database: s.store.dialect });
    const rows = await s.store.db.selectFrom('health_probe').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 503 when the database refuses writes, and logs the cause', async () => {
    const s = await start();
    const pgAdmin = process.env.PALCAL_TEST_DB === 'postgres' ? process.env.PALCAL_PG_ADMIN_URL : undefined;
    const name = new URL(s.env.DATABASE_URL).pathname.slice(1);
    if (pgAdmin) {
      // A read-only database, for every connection the server opens from now on.
      const admin = new pg.Client({ connectionString: pgAdmin });
      await admin.connect();
      await admin.query(`alter database "${name}" set default_transaction_read_only = on`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      try {
        // The first check may meet a connection that was just cut: 503 too. Then read-only.
        for (let i = 0; i < 2; i++) expect((await s.fetch('/api/health')).status).toBe(503);
        expect(causes().some((cause) => /read-only transaction/.test(cause))).toBe(true);
      } finally {
        await admin.query(`alter database "${name}" set default_transaction_read_only = off`);
        await admin.end();
      }
    } else {
      // SQLite's own read-only mode on the server's connection: every write is refused.
      await sql`pragma query_only = on`.execute(s.store.db);
      const res = await s.fetch('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: 'sqlite' });
      expect(causes()).toEqual([expect.stringContaining('readonly database')]);
      await sql`pragma query_only = off`.execute(s.store.db);
      expect((await s.fetch('/api/health')).status).toBe(200);
    }
  });

  // SQLite only: a PostgreSQL server has no file of ours to lose.
  const onSqlite = process.env.PALCAL_TEST_DB !== 'postgres';
  if (onSqlite) {
    it('answers 503 when the SQLite file was deleted under the running server', async () => {
      const s = await start();
      if (!s.store.sqlitePath) throw new Error('expected an SQLite database');
      expect((await s.fetch('/api/health')).status).toBe(200);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${s.store.sqlitePath}${suffix}`, { force: true });
      const res = await s.fetch('/api/health');
      expect(res.status).toBe(503);
      expect(causes()).toEqual([expect.stringContaining('was deleted while the server was running')]);
    });

    it('answers 503 when the SQLite file was overwritten in place, though its pages are still cached', async () => {
      const s = await start();
      if (!s.store.sqlitePath) throw new Error('expected an SQLite database');
      expect((await s.fetch('/api/health')).status).toBe(200);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(s.store.db);
      const fd = openSync(s.store.sqlitePath, 'r+');
      writeSync(fd, Buffer.alloc(4096, 0x41), 0, 4096, 0);
      closeSync(fd);
      const res = await s.fetch('/api/health');
      expect(res.status).toBe(503);
      expect(causes()).toEqual([expect.stringContaining('is corrupt')]);
    });

    it('answers 503 when the disk holding the SQLite file is (about) full', async () => {
      // More free space required than any disk has: the disk reads as full.
      const s = await start({ HEALTH_MIN_FREE_MB: '1000000000' });
      const res = await s.fetch('/api/health');
      expect(res.status).toBe(503);
      expect(causes()).toEqual([expect.stringMatching(/^the disk holding .* is full: \d+ bytes free/)]);
    });
  }
});
