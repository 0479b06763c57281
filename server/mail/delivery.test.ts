import { afterAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../cli/run';
import type { MailOutboxRow } from '../store/schema';
import { createEvent, createModerator, createUser, sessionCookieFor } from '../testing/factories';
import { startServersOnOneDatabase, type TestServer } from '../testing/harness';
import { eventually, type MailTestSetup, outboxRows, postJson, startServerWithMail } from '../testing/mail';
import { type SmtpBehaviour, startTestSmtpServer, type TestSmtpServer } from '../testing/smtp';

/**
 * Delivery when the mail server misbehaves (docs/EMAIL.md): every email written is delivered once the
 * server is back, exactly once, and the ones that cannot be delivered end as `failed` for the operator.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function setup(
  smtp: NonNullable<Parameters<typeof startServerWithMail>[0]>['smtp'] = {},
): Promise<MailTestSetup> {
  const started = await startServerWithMail({ smtp: { retryMs: 100, ...smtp } });
  cleanups.push(() => started.close());
  return started;
}

/** `count` approvals through the API on `servers` in turn, each writing one email to its submitter. */
async function approvals(servers: TestServer[], count: number): Promise<void> {
  const [first] = servers;
  if (!first) throw new Error('no server');
  const moderator = await createModerator(first.store);
  const cookie = await sessionCookieFor(first.store, moderator);
  for (let i = 0; i < count; i++) {
    const server = servers[i % servers.length] ?? first;
    const submitter = await createUser(first.store, { emailVerified: true });
    const event = await createEvent(first.store, { status: 'pending', createdBy: submitter.id });
    const res = await postJson(server, `/api/moderation/events/${event.id}/approve`, {}, { cookie });
    expect(res.status).toBe(200);
  }
}

/** Every row sent, and every one received exactly once (by its stable Message-ID). */
async function expectEachDeliveredOnce(
  server: TestServer,
  smtp: TestSmtpServer,
  count: number,
): Promise<MailOutboxRow[]> {
  const rows = await eventually(async () => {
    const current = await outboxRows(server);
    expect(current.map((r) => r.status)).toEqual(Array(count).fill('sent'));
    return current;
  }, 30_000);
  // Sent means no sender will touch them again: what arrived now is all that ever will.
  expect(smtp.received.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.message_id).sort());
  return rows;
}

describe('a mail server that fails for a while, then comes back', () => {
  const failures: [SmtpBehaviour, string][] = [
    ['refuse', 'refuses connections (421)'],
    ['timeout', 'accepts connections but never answers'],
    ['drop', 'drops the connection as the message is sent'],
    ['down', 'is down (connection refused)'],
  ];
  for (const [behaviour, what] of failures) {
    it(`${what}: every email arrives, exactly once`, async () => {
      const { server, smtp } = await setup();
      await smtp.setBehaviour(behaviour);
      // Two emails while the server hangs (each attempt waits out the time-out), three otherwise.
      const count = behaviour === 'timeout' ? 2 : 3;
      await approvals([server], count);
      // Each email was tried and failed at least twice, and is waiting to be tried again.
      await eventually(async () => {
        const rows = await outboxRows(server);
        expect(rows).toHaveLength(count);
        for (const row of rows) expect(row.attempts).toBeGreaterThanOrEqual(2);
      }, 30_000);
      expect(smtp.received).toEqual([]);
      const rows = await outboxRows(server);
      expect(rows.every((r) => r.status !== 'sent' && r.last_error)).toBe(true);

      await smtp.setBehaviour('accept');
      await expectEachDeliveredOnce(server, smtp, count);
    }, 60_000);
  }
});

describe('an email that cannot be delivered', () => {
  it('is marked failed after the last attempt, shown by mail-status, and never sent later', async () => {
    const { server, smtp } = await setup({ maxAttempts: 3 });
    await smtp.setBehaviour('down');
    await approvals([server], 1);
    const [failed] = await eventually(async () => {
      const rows = await outboxRows(server);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([['failed', 3]]);
      return rows;
    }, 30_000);

    const out: string[] = [];
    const code = await runAdmin(['mail-status'], {
      store: server.store,
      env: server.env,
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    });
    expect(code).toBe(0);
    expect(out[0]).toBe(`Email is sent through ${new URL(smtp.url).host}.`);
    expect(out).toContain('Waiting: 0, sending now: 0, sent (last 7 days): 0, failed: 1.');
    const line = out.find((l) => l.includes(failed?.to_address ?? '-')) ?? '';
    expect(line).toMatch(
      /event_approved .* 3 attempt\(s\): .*ECONNREFUSED|event_approved .* 3 attempt\(s\): .*connect/,
    );

    // Back up: a new email goes out, the failed one stays failed.
    await smtp.setBehaviour('accept');
    await approvals([server], 1);
    const rows = await eventually(async () => {
      const current = await outboxRows(server);
      expect(current.map((r) => r.status)).toEqual(['failed', 'sent']);
      return current;
    });
    expect(smtp.received.map((m) => m.messageId)).toEqual([rows[1]?.message_id]);
  }, 60_000);

  it('is marked failed at once when the mail server refuses the address for good (550)', async () => {
    const { server, smtp } = await setup();
    await smtp.setBehaviour('reject-recipient');
    await approvals([server], 1);
    const rows = await eventually(async () => {
      const current = await outboxRows(server);
      expect(current.map((r) => [r.status, r.attempts])).toEqual([['failed', 1]]);
      return current;
    });
    expect(rows[0]?.last_error).toContain('550');
  });
});

describe('several app servers on one database', () => {
  it('send each email once, whichever server wrote it', async () => {
    const smtp = await startTestSmtpServer({ retryMs: 100 });
    const group = await startServersOnOneDatabase(2, { env: smtp.env });
    cleanups.push(async () => {
      await group.close();
      await smtp.stop();
    });
    for (const server of group.servers) server.env.PUBLIC_URL = server.url;
    const count = 24;
    await approvals(group.servers, count);
    const rows = await expectEachDeliveredOnce(group.servers[0], smtp, count);
    // Claimed once each: no second server ever took a row another held.
    expect(rows.map((r) => r.attempts)).toEqual(Array(count).fill(1));
  }, 60_000);
});
