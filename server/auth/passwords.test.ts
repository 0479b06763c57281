import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { COST, createPasswordUser, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('sumud-2024');
    const b = await hashPassword('sumud-2024');
    expect(a).not.toBe(b);
    expect(await verifyPassword('sumud-2024', a)).toBe(true);
    expect(await verifyPassword('sumud-2023', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats the same text in either Unicode form as the same password', async () => {
    const composed = 'caf\u00e9-password';
    const decomposed = 'cafe\u0301-password';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('answers false, never throws, for no hash or a damaged one', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', undefined)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    // Parameters that would take the server down are refused, not attempted.
    expect(await verifyPassword('anything', '$scrypt$ln=30,r=8,p=1$c2FsdA$aGFzaA')).toBe(false);
  });

  it('keeps verifying hashes made with older parameters and asks for them to be redone', async () => {
    const old = await hashPassword('older-hash', { ln: 12, r: 8, p: 1 });
    expect(await verifyPassword('older-hash', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('current', COST))).toBe(false);
  });
});

describe('sign-in upgrades an old hash', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('re-hashes with today’s parameters after a successful sign-in', async () => {
    const user = await createPasswordUser(server.store.db, {
      name: 'Old Timer',
      email: 'old-timer@example.org',
      password: 'from-2019',
    });
    const weak = await hashPassword('from-2019', { ln: 12, r: 8, p: 1 });
    await server.store.db
      .updateTable('users')
      .set({ password_hash: weak })
      .where('id', '=', user.id)
      .execute();
    const res = await server.fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'old-timer@example.org', password: 'from-2019' }),
    });
    expect(res.status).toBe(200);
    const row = await server.store.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
    expect(await verifyPassword('from-2019', row.password_hash)).toBe(true);
  });
});
