import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailToken } from '../auth/emailTokens';
import { parseEnv } from '../env';
import { openStore, type Store } from '../store/db';
import type { MailOutboxRow } from '../store/schema';
import { createUser } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import {
  claimNextMail,
  FAILED_RETENTION_MS,
  markMailSent,
  Outbox,
  pruneMail,
  recordMailFailure,
  retryDelay,
  SENT_RETENTION_MS,
  UNSUBSCRIBE_RETENTION_MS,
} from './outbox';
import { createUnsubscribeLink } from './unsubscribe';

/** The outbox's claims, on SQLite and (api-pg) PostgreSQL: each due row to exactly one claimer. */
let server: TestServer;
let outbox: Outbox;
const env = parseEnv({
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'calendar@example.org',
  MAIL_RETRY_MS: '1000',
});

beforeAll(async () => {
  server = await startTestServer();
  outbox = new Outbox(env);
});
afterAll(() => server.close());

async function enqueueSome(count: number, now: number): Promise<void> {
  const user = await createUser(server.store);
  for (let i = 0; i < count; i++) {
    await outbox.enqueue(
      server.store.db,
      { kind: 'event_approved', userId: user.id, to: user.email, payload: { name: 'N' } },
      now,
    );
  }
}

describe('claiming', () => {
  it('gives each due row to one of many claimers racing on separate connections', async () => {
    const now = Date.now();
    await enqueueSome(40, now - 10);
    // Separate stores: separate connections (and processes' worth of pools on PostgreSQL).
    const stores: Store[] = Array.from({ length: 4 }, () => openStore(server.env.DATABASE_URL));
    try {
      const claimed: MailOutboxRow[] = [];
      await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const store = stores[i % stores.length] as Store;
          for (;;) {
            const row = await claimNextMail(store, { now, leaseMs: 60_000 });
            if (!row) return;
            claimed.push(row);
          }
        }),
      );
      const ids = claimed.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(40);
      expect(claimed.every((r) => r.status === 'sending' && r.attempts === 1)).toBe(true);
    } finally {
      for (const store of stores) await store.close();
    }
  });

  it('takes a row again once its claim lapsed; the old claimer can then no longer mark it', async () => {
    await server.store.db.deleteFrom('mail_outbox').execute();
    const now = Date.now();
    await enqueueSome(1, now);
    const first = await claimNextMail(server.store, { now, leaseMs: 1000 });
    expect(first).toBeDefined();
    expect(await claimNextMail(server.store, { now: now + 999, leaseMs: 1000 })).toBeUndefined();
    const second = await claimNextMail(server.store, { now: now + 1000, leaseMs: 1000 });
    expect(second).toMatchObject({ id: first?.id, attempts: 2 });
    expect(await markMailSent(server.store.db, first as MailOutboxRow)).toBe(false);
    expect(await markMailSent(server.store.db, second as MailOutboxRow)).toBe(true);
    expect(await claimNextMail(server.store, { now: now + 10_000, leaseMs: 1000 })).toBeUndefined();
  });

  it('waits longer after each failure, and marks the last one failed', async () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(env, attempt))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(env, 30)).toBe(3600 * 1000);
    await server.store.db.deleteFrom('mail_outbox').execute();
    const now = Date.now();
    await enqueueSome(1, now);
    const small = { ...env, MAIL_MAX_ATTEMPTS: 2 };
    const row = (await claimNextMail(server.store, { now, leaseMs: 1000 })) as MailOutboxRow;
    expect(
      await recordMailFailure(server.store.db, small, row, { error: 'boom', permanent: false, now }),
    ).toBe('retry');
    expect(await claimNextMail(server.store, { now: now + 999, leaseMs: 1000 })).toBeUndefined();
    const again = (await claimNextMail(server.store, { now: now + 1000, leaseMs: 1000 })) as MailOutboxRow;
    expect(
      await recordMailFailure(server.store.db, small, again, { error: 'boom', permanent: false, now }),
    ).toBe('failed');
    const stored = await server.store.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'failed', attempts: 2, last_error: 'boom', claim_token: null });
    expect(await claimNextMail(server.store, { now: now + 10 * 3600 * 1000, leaseMs: 1000 })).toBeUndefined();
  });

  it('writes nothing when email is off, and one row per dedupe key', async () => {
    const off = new Outbox(parseEnv({}));
    const user = await createUser(server.store);
    const mail = {
      kind: 'daily_digest' as const,
      userId: user.id,
      to: user.email,
      payload: { name: 'N' },
      dedupeKey: `k-${user.id}`,
    };
    expect(await off.enqueue(server.store.db, mail)).toBe(false);
    expect(await outbox.enqueue(server.store.db, mail)).toBe(true);
    expect(await outbox.enqueue(server.store.db, mail)).toBe(false);
    const rows = await server.store.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('retention', () => {
  it('deletes sent emails after a week, failed ones after a month, used-up links, and old unsubscribe links', async () => {
    const db = server.store.db;
    await db.deleteFrom('mail_outbox').execute();
    const now = Date.now();
    const user = await createUser(server.store);
    const write = async (status: 'sent' | 'failed' | 'pending', age: number) => {
      await outbox.enqueue(
        db,
        { kind: 'event_approved', userId: user.id, to: user.email, payload: { name: status } },
        now - age,
      );
      await db
        .updateTable('mail_outbox')
        .set({ status })
        .where('created_at', '=', now - age)
        .execute();
    };
    await write('sent', SENT_RETENTION_MS + 1000);
    await write('sent', SENT_RETENTION_MS - 60_000);
    await write('failed', FAILED_RETENTION_MS + 1000);
    await write('failed', SENT_RETENTION_MS + 2000);
    await write('pending', FAILED_RETENTION_MS + 5000);
    await createEmailToken(db, {
      userId: user.id,
      email: user.email,
      purpose: 'reset',
      now: now - 2 * 3600 * 1000,
    });
    await createEmailToken(db, { userId: user.id, email: user.email, purpose: 'verify', now });
    await createUnsubscribeLink(db, 'http://x', {
      userId: user.id,
      kind: 'event_approved',
      now: now - UNSUBSCRIBE_RETENTION_MS - 1000,
    });
    await createUnsubscribeLink(db, 'http://x', { userId: user.id, kind: 'event_rejected', now });

    await pruneMail(db, now);
    const kept = await db
      .selectFrom('mail_outbox')
      .select(['status', 'created_at'])
      .orderBy('created_at')
      .execute();
    expect(kept.map((r) => [r.status, now - r.created_at])).toEqual([
      ['pending', FAILED_RETENTION_MS + 5000],
      ['failed', SENT_RETENTION_MS + 2000],
      ['sent', SENT_RETENTION_MS - 60_000],
    ]);
    expect(
      (await db.selectFrom('email_tokens').select('purpose').where('user_id', '=', user.id).execute()).map(
        (r) => r.purpose,
      ),
    ).toEqual(['verify']);
    expect(
      (
        await db.selectFrom('mail_unsubscribe_tokens').select('kind').where('user_id', '=', user.id).execute()
      ).map((r) => r.kind),
    ).toEqual(['event_rejected']);
  });
});

describe('the environment', () => {
  it('needs SMTP_URL and MAIL_FROM together, and REQUIRE_VERIFIED_EMAIL only with them', () => {
    expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ MAIL_FROM: 'calendar@example.org' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ REQUIRE_VERIFIED_EMAIL: 'true' })).toThrow(/REQUIRE_VERIFIED_EMAIL/);
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'a@b.example' })).toThrow(
      /smtp:\/\//,
    );
    expect(() => parseEnv({ SMTP_URL: 'smtp://m.example', MAIL_FROM: 'not an address' })).toThrow(
      /MAIL_FROM/,
    );
    expect(parseEnv({}).REQUIRE_VERIFIED_EMAIL).toBe(false);
    const mail = {
      SMTP_URL: 'smtps://user:pass@mail.example.org:465',
      MAIL_FROM: 'Calendar <calendar@example.org>',
    };
    expect(parseEnv(mail).REQUIRE_VERIFIED_EMAIL).toBe(true);
    expect(parseEnv({ ...mail, REQUIRE_VERIFIED_EMAIL: 'false' }).REQUIRE_VERIFIED_EMAIL).toBe(false);
  });
});
