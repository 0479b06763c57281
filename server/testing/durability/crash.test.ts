import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/db';
import { setUserRole } from '../../store/users';
import { createEvent, createReport, createUser, sessionCookieFor } from '../factories';
import { findPostgresBin } from '../postgres';
import {
  type BuiltServer,
  ensureBuilt,
  freshDatabaseUrl,
  killAllServers,
  type SignedUpUser,
  signUp,
  startBuiltServer,
  submissionBody,
} from './builtServer';
import { consistencyProblems } from './consistency';

/**
 * Crash durability (issue 7): the real built server takes submissions, moderation actions and reports
 * from many people at once and is killed with SIGKILL midway, several times, on one database. Whatever
 * was answered 201 (or 200 for a moderation action) must survive, the database must pass its integrity
 * check, and no moderation action may be half applied. Runs on SQLite and, in the 'api-pg' project, on
 * PostgreSQL (where the app server dies and the database server lives on, as in production).
 */

const run = promisify(execFile);
const ROUNDS = 3;
const USERS = 12;
const SIGNED_UP = 4;
// 3 rounds × 3 = 9 submissions per person: under the limit of 10 an hour, so every refusal is a bug.
const SUBMISSIONS_PER_USER = 3;
const TARGETS = 8;

const dir = mkdtempSync(join(tmpdir(), 'palcal-crash-'));
let databaseUrl = '';
let dialect: 'sqlite' | 'postgres' = 'sqlite';
let store: Store | undefined;

beforeAll(async () => {
  await ensureBuilt();
  ({ url: databaseUrl, dialect } = await freshDatabaseUrl(dir));
}, 180_000);

afterAll(async () => {
  await killAllServers();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { kind: 'answered'; status: number; body: unknown } | { kind: 'cut' };

/** A request whose answer may never come (the server dies): 'cut' then, never a thrown error. */
async function send(url: string, path: string, cookie: string, body: unknown): Promise<Outcome> {
  try {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { kind: 'answered', status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { kind: 'cut' };
  }
}

interface ModerationAnswer {
  eventId: string;
  action: 'approve' | 'reject' | 'remove' | 'dismiss-reports';
}

it('loses no answered submission or moderation action when the server is killed midway, again and again', async () => {
  let server: BuiltServer = await startBuiltServer(databaseUrl);
  const users: SignedUpUser[] = [];
  // Accounts made through the API, as people make them (at once: scrypt's real cost is a second each
  // here); the moderator is promoted in the store, as `npm run admin -- promote` does.
  const [moderator, ...signedUp] = await Promise.all(
    Array.from({ length: SIGNED_UP + 1 }, (_, i) => signUp(server.url, `crash-${i}`)),
  );
  if (!moderator) throw new Error('no moderator');
  users.push(...signedUp);
  // The test's own connection (the server migrated the database at boot).
  store = openStore(databaseUrl);
  await setUserRole(store.db, moderator.email, 'moderator');
  // The rest with real sessions made in the store, to keep the test short.
  for (let i = SIGNED_UP; i < USERS; i++) {
    const user = await createUser(store);
    users.push({ id: user.id, email: user.email, cookie: await sessionCookieFor(store, user) });
  }

  const answered201 = new Map<string, { title: string; userId: string }>();
  const answered200: ModerationAnswer[] = [];
  let cut = 0;
  let cutSubmissions = 0;

  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) server = await startBuiltServer(databaseUrl);
    // Fresh moderation targets each round: pending events to approve or reject, reported approved
    // events to remove or dismiss. Two moderators' worth of conflicting calls on each.
    const pending = await Promise.all(
      Array.from({ length: TARGETS }, () => createEvent(store as Store, { status: 'pending' })),
    );
    const approved = await Promise.all(
      Array.from({ length: TARGETS }, () => createEvent(store as Store, { status: 'approved' })),
    );
    for (const event of approved) {
      await createReport(store, { eventId: event.id, reportedBy: users[0]?.id ?? '' });
    }

    const url = server.url;
    const current = server;
    // Every kind of request is queued and sent by a few workers at a time, so that whenever the kill
    // comes, submissions, moderation actions and reports are all in flight.
    type Job = () => Promise<void>;
    const submissionJobs: Job[] = [];
    const moderationJobs: Job[] = [];
    const reportJobs: Job[] = [];

    for (const [u, user] of users.entries()) {
      for (let k = 0; k < SUBMISSIONS_PER_USER; k++) {
        submissionJobs.push(async () => {
          const title = `Crash r${round} u${u} n${k}`;
          const outcome = await send(url, '/api/events', user.cookie, submissionBody(title));
          if (outcome.kind === 'cut') {
            cutSubmissions++;
            return void cut++;
          }
          // Anything but 201 before the kill is a bug (the limits are not reached).
          expect(outcome.status, JSON.stringify(outcome.body)).toBe(201);
          answered201.set((outcome.body as { id: string }).id, { title, userId: user.id });
        });
      }
    }
    for (const [i, event] of [...pending, ...approved].entries()) {
      const calls: [ModerationAnswer['action'], unknown][] =
        i < TARGETS
          ? [
              ['approve', { verified: i % 2 === 0 }],
              ['reject', { reason: `Not an event (round ${round})` }],
            ]
          : [
              ['remove', { reason: 'Reported and checked' }],
              ['dismiss-reports', {}],
              ['remove', {}],
            ];
      for (const [action, body] of calls) {
        moderationJobs.push(async () => {
          const path = `/api/moderation/events/${event.id}/${action}`;
          const outcome = await send(url, path, moderator.cookie, body);
          if (outcome.kind === 'cut') return void cut++;
          expect([200, 409], JSON.stringify(outcome.body)).toContain(outcome.status);
          if (outcome.status === 200) answered200.push({ eventId: event.id, action });
        });
      }
    }
    // Reports from several people on the events being removed.
    for (const event of approved) {
      for (const user of users.slice(1, 4)) {
        reportJobs.push(async () => {
          const outcome = await send(url, `/api/events/${event.id}/reports`, user.cookie, { reason: 'spam' });
          if (outcome.kind === 'cut') return void cut++;
          expect([201, 404], JSON.stringify(outcome.body)).toContain(outcome.status);
        });
      }
    }

    const total = submissionJobs.length + moderationJobs.length + reportJobs.length;
    const killAt = Math.floor(total * (0.4 + 0.1 * round)); // a different moment each round
    let finished = 0;
    let killed = false;
    const workers = (jobs: Job[], count: number) =>
      Array.from({ length: count }, async () => {
        // After the kill, what was in flight is cut; nothing new is sent.
        for (let job = jobs.shift(); job && !killed; job = jobs.shift()) {
          await job();
          if (++finished === killAt) {
            killed = true;
            current.crash();
          }
        }
      });

    await Promise.all([
      ...workers(submissionJobs, 4),
      ...workers(moderationJobs, 4),
      ...workers(reportJobs, 3),
    ]);
    // The kill came from inside the traffic; if every request was somehow answered first, kill now.
    current.crash();
    expect(await current.exited).toBe('SIGKILL');

    // Straight after the crash, before any restart: the database as the dead server left it.
    if (dialect === 'sqlite') {
      const path = databaseUrl.slice('sqlite:'.length);
      const raw = new SQLite(path, { fileMustExist: true });
      try {
        expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(raw.pragma('foreign_key_check')).toEqual([]);
      } finally {
        raw.close();
      }
    } else {
      // PostgreSQL's own check of every table and index (the amcheck extension, installed if missing).
      const bin = findPostgresBin() ?? '';
      const check = await run(join(bin, 'pg_amcheck'), [
        '--install-missing',
        '--heapallindexed',
        databaseUrl,
      ]);
      expect(check.stdout).toBe('');
    }
    expect(await consistencyProblems(store.db)).toEqual([]);

    const stored = await store.db
      .selectFrom('events')
      .select(['id', 'title', 'created_by', 'status'])
      .where('title', 'like', 'Crash r%')
      .execute();
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const [id, { title, userId }] of answered201) {
      expect(byId.get(id), `answered 201, then lost: ${title}`).toMatchObject({ title, created_by: userId });
    }
    // What was not answered may or may not be there, but nothing appears twice.
    expect(new Set(stored.map((row) => row.title)).size).toBe(stored.length);

    for (const { eventId, action } of answered200) {
      const row = await store.db
        .selectFrom('events')
        .select('status')
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      if (action === 'approve') expect(row.status).toBe('approved');
      if (action === 'reject') expect(row.status).toBe('rejected');
      if (action === 'remove') expect(row.status).toBe('removed');
      if (action === 'dismiss-reports') {
        const closed = await store.db
          .selectFrom('reports')
          .select('id')
          .where('event_id', '=', eventId)
          .where('status', '=', 'closed')
          .execute();
        expect(closed.length).toBeGreaterThan(0);
      }
    }
  }

  // Every round really crashed under traffic, and answered requests were checked.
  expect(answered201.size).toBeGreaterThan(ROUNDS * 5);
  expect(answered200.length).toBeGreaterThan(ROUNDS);
  expect(cut).toBeGreaterThanOrEqual(ROUNDS);
  expect(cutSubmissions).toBeGreaterThan(0);

  // A last restart: the server comes up on the crashed database and serves every answered submission
  // to its submitter.
  server = await startBuiltServer(databaseUrl);
  const cookieOf = new Map(users.map((u) => [u.id, u.cookie]));
  for (const [id, { title, userId }] of answered201) {
    const res = await fetch(`${server.url}/api/events/${id}`, {
      headers: { cookie: cookieOf.get(userId) ?? '' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { title: string }).title).toBe(title);
  }
  await server.stop();
}, 120_000);
