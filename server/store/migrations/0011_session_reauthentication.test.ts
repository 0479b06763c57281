import { describe, expect, it } from 'vitest';
import { migrationTestDatabase } from '../../testing/migrations';

const m = migrationTestDatabase();

const untyped = m.untyped;

const OLD_SESSION = {
  id: 'a'.repeat(64),
  user_id: 'OldUserAbCdEfGhI',
  created_at: 1,
  expires_at: 2_000_000_000_000,
  last_seen_at: 3,
};

describe('migration 0011 (session re-authentication)', () => {
  it('leaves every existing session as it was, not re-authenticated', async () => {
    await m.migrateTo('0010_account_deletion');
    await untyped()
      .insertInto('users')
      .values({
        id: OLD_SESSION.user_id,
        name: 'Old user',
        email: 'old@example.org',
        email_lc: 'old@example.org',
        password_hash: null,
        google_sub: 'google-sub-1',
        role: 'user',
        created_at: 1,
        email_verified_at: 2,
        deleted_at: null,
      })
      .execute();
    await untyped().insertInto('sessions').values(OLD_SESSION).execute();
    await m.migrateTo('0011_session_reauthentication');
    const row = await m.store.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ ...OLD_SESSION, reauthenticated_at: null });
  });

  it('can be undone, leaving the sessions as 0010 had them', async () => {
    await m.store.db.updateTable('sessions').set({ reauthenticated_at: 5 }).execute();
    await m.migrateTo('0010_account_deletion');
    const row = await untyped().selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual(OLD_SESSION);
    await m.migrateToLatest();
  });
});
