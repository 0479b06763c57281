import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSqliteIntegrity } from '../../store/backup';
import { openStore, type Store } from '../../store/db';
import { createEvent, createReport, createUser, sessionCookieFor } from '../factories';
import { createDatabaseAt, findPostgresBin } from '../postgres';
import {
  ensureBuilt,
  freshDatabaseUrl,
  killAllServers,
  root,
  startBuiltServer,
  submissionBody,
} from './builtServer';
import { consistencyProblems } from './consistency';

/**
 * Backups while the built server is busy writing submissions, moderation actions and reports
 * (server/cli/backup.test.ts and server/store/backup.test.ts test the round trip on a quiet database).
 * On SQLite with `npm run admin -- backup FILE`; in the 'api-pg' project with `pg_dump --format=custom`
 * as docs/DEPLOY.md says, each dump restored with `pg_restore` into a fresh database. Each backup must
 * be one consistent snapshot: sound, no half-applied action, every event whole, everything answered
 * before the backup began inside it, and each backup a superset of the one before.
 */

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dir = mkdtempSync(join(tmpdir(), 'palcal-backup-load-'));
const stores: Store[] = [];

/** Take backup number `i` of the live database; returns how to open the copy once writes are over. */
async function takeBackup(databaseUrl: string, dialect: 'sqlite' | 'postgres', i: number) {
  if (dialect === 'sqlite') {
    const file = join(dir, `backup-${i}.db`);
    const { stdout } = await run(process.execPath, [join(root, 'dist/server/admin.js'), 'backup', file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      timeout: 30_000,
    });
    expect(stdout).toContain('Backed up');
    return async () => {
      expect(checkSqliteIntegrity(file)).toBe('ok');
      return openStore(`sqlite:${file}`);
    };
  }
  const bin = findPostgresBin() ?? '';
  const file = join(dir, `backup-${i}.dump`);
  await run(
    join(bin, 'pg_dump'),
    ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`],
    {
      timeout: 30_000,
    },
  );
  return async () => {
    const copyUrl = await createDatabaseAt(process.env.PALCAL_PG_ADMIN_URL ?? '');
    // --exit-on-error: a dump that does not restore whole fails here.
    await run(join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${copyUrl}`, file], {
      timeout: 30_000,
    });
    return openStore(copyUrl);
  };
}

beforeAll(() => ensureBuilt(), 180_000);
afterAll(async () => {
  await killAllServers();
  for (const s of stores) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(url: string, path: string, cookie: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { id?: string } };
}

it('takes consistent snapshots while submissions, moderation and reports are being written', async () => {
  const { url: databaseUrl, dialect } = await freshDatabaseUrl(dir);
  const server = await startBuiltServer(databaseUrl);
  // People are made in the store (sign-up through the API is the crash test's business, and scrypt
  // at its real cost takes a second per account on this machine); their sessions are real sessions.
  const store = openStore(databaseUrl);
  stores.push(store);
  const person = async (role: 'user' | 'moderator') => {
    const user = await createUser(store, { role });
    return { id: user.id, cookie: await sessionCookieFor(store, user) };
  };
  const users = await Promise.all(Array.from({ length: 8 }, () => person('user')));
  const moderator = await person('moderator');
  const pending = await Promise.all(
    Array.from({ length: 20 }, () => createEvent(store, { status: 'pending' })),
  );
  const approved = await Promise.all(
    Array.from({ length: 20 }, () => createEvent(store, { status: 'approved' })),
  );
  for (const event of approved)
    await createReport(store, { eventId: event.id, reportedBy: users[0]?.id ?? '' });

  /** When each write was answered (ms since epoch), by event id. */
  const submittedAt = new Map<string, number>();
  let writing = true;

  const submitters = users.map(async (user, u) => {
    for (let k = 0; k < 10 && writing; k++) {
      const res = await post(server.url, '/api/events', user.cookie, submissionBody(`Backup u${u} n${k}`));
      expect(res.status).toBe(201);
      submittedAt.set(res.body.id ?? '', Date.now());
      // Spread over the time the backups take, so they run in the middle of the writes.
      await sleep(150);
    }
  });
  const moderation = (async () => {
    for (const [i, event] of pending.entries()) {
      const action = i % 2 === 0 ? 'approve' : 'reject';
      const body = action === 'approve' ? { verified: true } : { reason: 'Not an event' };
      expect(
        (await post(server.url, `/api/moderation/events/${event.id}/${action}`, moderator.cookie, body))
          .status,
      ).toBe(200);
      const target = approved[i];
      if (!target) continue;
      const res = await post(server.url, `/api/moderation/events/${target.id}/remove`, moderator.cookie, {
        reason: 'Checked and taken down',
      });
      expect(res.status).toBe(200);
    }
  })();
  const reporters = users.slice(1).map(async (user) => {
    for (const event of approved) {
      const res = await post(server.url, `/api/events/${event.id}/reports`, user.cookie, { reason: 'spam' });
      expect([201, 404]).toContain(res.status);
    }
  });

  // Backups one after another, while all of that runs.
  const backups: { open: () => Promise<Store>; startedAt: number }[] = [];
  const backupsDone = (async () => {
    await sleep(300);
    for (let i = 0; i < 4; i++) {
      const startedAt = Date.now();
      backups.push({ open: await takeBackup(databaseUrl, dialect, i), startedAt });
    }
  })();

  await backupsDone;
  writing = false;
  await Promise.all([...submitters, moderation, ...reporters]);
  await server.stop();

  let previous = new Set<string>();
  const counts: number[] = [];
  for (const { open, startedAt } of backups) {
    const copy = await open();
    stores.push(copy);
    expect(await consistencyProblems(copy.db)).toEqual([]);
    const ids = new Set((await copy.db.selectFrom('events').select('id').execute()).map((r) => r.id));
    // Answered before the backup began: in it.
    for (const [id, at] of submittedAt) if (at < startedAt) expect(ids.has(id), `missing ${id}`).toBe(true);
    // Nothing is ever deleted, so each snapshot holds all of the one before.
    for (const id of previous) expect(ids.has(id)).toBe(true);
    previous = ids;
    counts.push(ids.size);
  }
  // The backups really were taken while writes went on: the last holds more than the first.
  expect(counts).toHaveLength(4);
  expect(counts[3]).toBeGreaterThan(counts[0] ?? Number.POSITIVE_INFINITY);
}, 120_000);
