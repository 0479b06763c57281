import { describe, expect, it } from 'vitest';
import { migrationTestDatabase } from '../../testing/migrations';

const m = migrationTestDatabase();

const untyped = m.untyped;

const OLD_USER = {
  id: 'OldUserAbCdEfGhI',
  name: 'Old user',
  email: 'Old@example.org',
  email_lc: 'old@example.org',
  password_hash: null,
  google_sub: 'google-sub-1',
  role: 'moderator',
  created_at: 1,
  email_verified_at: 2,
};

describe('migration 0010 (account deletion)', () => {
  it('leaves every existing account as it was, not deleted', async () => {
    await m.migrateTo('0008_event_shape');
    await untyped().insertInto('users').values(OLD_USER).execute();
    await m.migrateTo('0010_account_deletion');
    const row = await m.store.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ ...OLD_USER, deleted_at: null });
  });

  it('can be undone, leaving the accounts as 0008 had them', async () => {
    await m.migrateTo('0008_event_shape');
    const row = await untyped().selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual(OLD_USER);
    await m.migrateToLatest();
  });
});
