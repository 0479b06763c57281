import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSqliteIntegrity } from '../store/backup';
import { openStore, type Store } from '../store/db';
import { createEvent, createReport, createUser, sessionCookieFor } from '../testing/factories';
import { ensureBuilt, killAllServers, root, startBuiltServer, submissionBody } from './builtServer';
import { consistencyProblems } from './consistency';

/**
 * `npm run admin -- backup FILE` while the built server is busy writing submissions, moderation
 * actions and reports (server/cli/backup.test.ts and server/store/backup.test.ts test the round trip
 * on a quiet database). Each backup must be one consistent snapshot: sound, no half-applied action,
 * every event whole, everything answered before the backup began inside it, and each backup a
 * superset of the one before. The backup is SQLite's, so this runs on SQLite in every test project.
 */

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dir = mkdtempSync(join(tmpdir(), 'palcal-backup-load-'));
const databaseUrl = `sqlite:${join(dir, 'calendar.db')}`;
const stores: Store[] = [];

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
      const res = await post(server.url, `/api/moderation/events/${target.id}/remove`, moderator.cookie, {});
      expect(res.status).toBe(200);
    }
  })();
  const reporters = users.slice(1).map(async (user) => {
    for (const event of approved) {
      const res = await post(server.url, `/api/events/${event.id}/reports`, user.cookie, { reason: 'spam' });
      expect([201, 404]).toContain(res.status);
    }
  });

  // Backups with the real admin command, one after another, while all of that runs.
  const backups: { file: string; startedAt: number }[] = [];
  const backupsDone = (async () => {
    await sleep(300);
    for (let i = 0; i < 4; i++) {
      const file = join(dir, `backup-${i}.db`);
      const startedAt = Date.now();
      const { stdout } = await run(process.execPath, [join(root, 'dist/server/admin.js'), 'backup', file], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
        timeout: 30_000,
      });
      expect(stdout).toContain('Backed up');
      backups.push({ file, startedAt });
    }
  })();

  await backupsDone;
  writing = false;
  await Promise.all([...submitters, moderation, ...reporters]);
  await server.stop();

  let previous = new Set<string>();
  for (const { file, startedAt } of backups) {
    expect(checkSqliteIntegrity(file)).toBe('ok');
    const copy = openStore(`sqlite:${file}`);
    stores.push(copy);
    expect(await consistencyProblems(copy.db)).toEqual([]);
    const ids = new Set((await copy.db.selectFrom('events').select('id').execute()).map((r) => r.id));
    // Answered before the backup began: in it.
    for (const [id, at] of submittedAt) if (at < startedAt) expect(ids.has(id), `missing ${id}`).toBe(true);
    // Nothing is ever deleted, so each snapshot holds all of the one before.
    for (const id of previous) expect(ids.has(id)).toBe(true);
    previous = ids;
  }
  // The backups really were taken while writes went on: later ones hold more.
  const first = backups[0];
  expect(first).toBeDefined();
  const last = openStore(`sqlite:${backups[backups.length - 1]?.file}`);
  stores.push(last);
  const firstCopy = openStore(`sqlite:${first?.file}`);
  stores.push(firstCopy);
  const count = async (s: Store) =>
    Number(
      (
        await s.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count(last)).toBeGreaterThan(await count(firstCopy));
}, 120_000);
