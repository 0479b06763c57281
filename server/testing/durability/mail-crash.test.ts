import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/db';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../factories';
import { eventually } from '../mail';
import { startTestSmtpServer, type TestSmtpServer } from '../smtp';
import { ensureBuilt, freshDatabaseUrl, killAllServers, startBuiltServer } from './builtServer';

/**
 * Email durability (docs/EMAIL.md): the real built server is killed with SIGKILL after it answered
 * moderation actions (so their emails are committed in the outbox) and before it sent them: one email
 * claimed and in the middle of being sent (the mail server hangs), the others still waiting. After a
 * restart every one of them arrives, exactly once. On SQLite and, in the 'api-pg' project, PostgreSQL.
 */
const dir = mkdtempSync(join(tmpdir(), 'palcal-mail-crash-'));
let databaseUrl = '';
let store: Store | undefined;
let smtp: TestSmtpServer | undefined;

beforeAll(async () => {
  await ensureBuilt();
  ({ url: databaseUrl } = await freshDatabaseUrl(dir));
  smtp = await startTestSmtpServer({ retryMs: 100, timeoutMs: 1000 });
}, 180_000);

afterAll(async () => {
  await killAllServers();
  await store?.close();
  await smtp?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const COUNT = 6;

it('loses no email when the server is killed between commit and send, and sends each once after a restart', async () => {
  if (!smtp) throw new Error('no SMTP server');
  // The mail server accepts connections and never answers: the sender hangs in its first send.
  await smtp.setBehaviour('timeout');
  const first = await startBuiltServer(databaseUrl, smtp.env);
  store = openStore(databaseUrl);
  const moderator = await createModerator(store);
  const cookie = await sessionCookieFor(store, moderator);
  const events = [];
  for (let i = 0; i < COUNT; i++) {
    const submitter = await createUser(store, { emailVerified: true });
    events.push(await createEvent(store, { status: 'pending', createdBy: submitter.id }));
  }
  const answers = await Promise.all(
    events.map((event) =>
      fetch(`${first.url}/api/moderation/events/${event.id}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      }).then((res) => res.status),
    ),
  );
  expect(answers).toEqual(Array(COUNT).fill(200));
  const db = (store as Store).db;
  const rows = () => db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  // One email is being sent (claimed, hanging), the rest wait: then the process dies.
  await eventually(async () => {
    const current = await rows();
    expect(current).toHaveLength(COUNT);
    expect(current.filter((r) => r.status === 'sending')).toHaveLength(1);
  });
  first.crash();
  expect(await first.exited).toBe('SIGKILL');
  expect(smtp.received).toEqual([]);

  await smtp.setBehaviour('accept');
  await startBuiltServer(databaseUrl, smtp.env);
  const sent = await eventually(async () => {
    const current = await rows();
    expect(current.map((r) => r.status)).toEqual(Array(COUNT).fill('sent'));
    return current;
  }, 60_000);
  // All sent: nothing will be sent again, so what arrived is final. Each once, by its Message-ID.
  expect(smtp.received.map((m) => m.messageId).sort()).toEqual(sent.map((r) => r.message_id).sort());
  const submitters = await db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.created_by')
    .select('users.email')
    .where(
      'events.id',
      'in',
      events.map((e) => e.id),
    )
    .execute();
  expect(smtp.received.map((m) => m.to).sort()).toEqual(submitters.map((s) => s.email).sort());
}, 120_000);
