import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../common/schemas/accountSettings';
import { createEmailToken } from '../../auth/emailTokens';
import { DELETED_ACCOUNT_NAME, deletedAddressOf } from '../../commands/deleteAccount';
import { freshIp } from '../../security/support';
import {
  createEvent,
  createLogEntry,
  createModerator,
  createPasswordAccount,
  createReport,
  createUser,
  sessionCookieFor,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';
import { postJson, sessionUserOf } from '../../testing/mail';
import { INVALID_CREDENTIAL_MESSAGE } from '../auth/password';
import { ACCOUNT_DELETED_MESSAGE } from './deletion';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const signIn = (email: string, password: string) =>
  postJson(server, '/api/auth/sign-in', { email, password }, { ip: freshIp() });

const userRow = (id: string) =>
  server.store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/account/delete', () => {
  it('confirmed with the password: the account becomes an anonymous tombstone and everything personal ends', async () => {
    const store = server.store;
    const db = store.db;
    const person = await createPasswordAccount(store, {
      password: 'my password',
      emailVerified: true,
      language: 'ur',
    });
    const moderator = await createModerator(store);
    const here = await sessionCookieFor(store, person);
    const elsewhere = await sessionCookieFor(store, person);
    const pending = await createEvent(store, { status: 'pending', createdBy: person.id });
    const approved = await createEvent(store, { status: 'approved', createdBy: person.id });
    const rejected = await createEvent(store, { status: 'rejected', createdBy: person.id });
    await createLogEntry(store, { eventId: rejected.id, moderatorId: moderator.id });
    const report = await createReport(store, {
      eventId: (await createEvent(store)).id,
      reportedBy: person.id,
    });
    await createEmailToken(db, { userId: person.id, email: person.email, purpose: 'verify' });
    await db
      .insertInto('mail_preferences')
      .values({ user_id: person.id, kind: 'event_approved', enabled: 0, updated_at: Date.now() })
      .execute();
    await db
      .insertInto('mail_outbox')
      .values({
        id: 'OutboxRow0000001',
        message_id: '<m1@example.org>',
        kind: 'event_approved',
        user_id: person.id,
        to_address: person.email,
        payload: '{}',
        dedupe_key: null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: Date.now(),
        claim_token: null,
        last_error: null,
        created_at: Date.now(),
        sent_at: null,
      })
      .execute();
    const logBefore = await db.selectFrom('transparency_log').selectAll().execute();

    const res = await postJson(server, '/api/account/delete', { password: 'my password' }, { cookie: here });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: ACCOUNT_DELETED_MESSAGE });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/^sid=;/);

    const row = await userRow(person.id);
    expect(row).toMatchObject({
      name: DELETED_ACCOUNT_NAME,
      email: deletedAddressOf(person.id),
      email_lc: deletedAddressOf(person.id),
      password_hash: null,
      google_sub: null,
      role: 'user',
      email_verified_at: null,
      language: null,
      deleted_at: expect.any(Number),
    });
    expect(JSON.stringify(row)).not.toContain(person.email);
    for (const cookie of [here, elsewhere]) expect(await sessionUserOf(server, cookie)).toBeNull();

    const status = async (id: string) =>
      (await db.selectFrom('events').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status(pending.id)).toBe('withdrawn');
    expect(await status(approved.id)).toBe('approved');
    expect(await status(rejected.id)).toBe('rejected');
    // The withdrawal is no moderator's decision: the public log is as it was.
    expect(await db.selectFrom('transparency_log').selectAll().execute()).toEqual(logBefore);
    // The approved event is still published.
    expect((await server.fetch(`/api/events/${approved.id}`)).status).toBe(200);
    // The report stays, with no person behind it.
    const kept = await db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(kept.reported_by).toBe(person.id);
    for (const table of ['sessions', 'email_tokens', 'mail_preferences', 'mail_outbox'] as const) {
      const left = await db.selectFrom(table).select('user_id').where('user_id', '=', person.id).execute();
      expect(left, table).toEqual([]);
    }

    // Signing in again fails with the usual message; the address is free for a new account.
    const again = await signIn(person.email, 'my password');
    expect(again.status).toBe(401);
    expect(((await again.json()) as ErrorBody).error.message).toBe(INVALID_CREDENTIAL_MESSAGE);
    const signUp = await postJson(
      server,
      '/api/auth/sign-up',
      { name: 'Back Again', email: person.email, password: 'another password' },
      { ip: freshIp() },
    );
    expect(signUp.status).toBe(201);
  });

  it('refuses a wrong or missing password, with a field message, and deletes nothing', async () => {
    const person = await createPasswordAccount(server.store, { password: 'my password' });
    const cookie = await sessionCookieFor(server.store, person);
    for (const [body, code, message] of [
      [{ password: 'not it' }, 'auth/wrong-password', ACCOUNT_MESSAGES.wrongPassword],
      [{}, 'validation_failed', ACCOUNT_MESSAGES.confirmationRequired],
      [{ email: person.email }, 'validation_failed', ACCOUNT_MESSAGES.confirmationRequired],
      [{ password: 42 }, 'validation_failed', ACCOUNT_MESSAGES.confirmationRequired],
    ] as const) {
      const res = await postJson(server, '/api/account/delete', body, { cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe(code);
      expect(error.fields?.password).toBe(message);
    }
    expect((await userRow(person.id)).deleted_at).toBeNull();
    expect((await sessionUserOf(server, cookie))?.id).toBe(person.id);
  });

  it('an account without a password (Google) is not deleted by its typed address or any password: it must confirm with Google', async () => {
    const person = await createUser(server.store, { email: `Google.Person-${Date.now()}@example.org` });
    const cookie = await sessionCookieFor(server.store, person);
    for (const body of [
      {},
      { email: person.email },
      { email: person.email.toLowerCase() },
      { password: 'guess' },
    ]) {
      const res = await postJson(server, '/api/account/delete', body, { cookie });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(((await res.json()) as ErrorBody).error.code).toBe('reauthentication_required');
    }
    expect((await userRow(person.id)).deleted_at).toBeNull();
    expect((await sessionUserOf(server, cookie))?.id).toBe(person.id);
    // Confirming with Google, then deleting: deletionGoogle.test.ts (it needs the test provider).
  });

  it('asks a visitor to sign in, and refuses a request from another site', async () => {
    expect((await postJson(server, '/api/account/delete', { password: 'x' })).status).toBe(401);
    const person = await createPasswordAccount(server.store, { password: 'my password' });
    const cookie = await sessionCookieFor(server.store, person);
    const res = await server.fetch('/api/account/delete', {
      method: 'POST',
      headers: { cookie, origin: 'https://attacker.example', 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'my password' }),
    });
    expect(res.status).toBe(403);
    expect((await userRow(person.id)).deleted_at).toBeNull();
  });
});
