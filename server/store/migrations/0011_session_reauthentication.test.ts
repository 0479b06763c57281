import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTestDatabase, type TestDatabase } from '../../testing/harness';
import { migrateToLatest, openStore, type Store } from '../db';
import { migrations } from './index';

let database: TestDatabase;
let store: Store;

beforeAll(async () => {
  database = await freshTestDatabase();
  store = openStore(database.url);
});
afterAll(async () => {
  await store.close();
  database.remove();
});

// biome-ignore lint/suspicious/noExplicitAny: the tables as they were before this migration
const untyped = () => store.db as unknown as Kysely<any>;
const migrator = () => new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });

const OLD_SESSION = {
  id: 'a'.repeat(64),
  user_id: 'OldUserAbCdEfGhI',
  created_at: 1,
  expires_at: 2_000_000_000_000,
  last_seen_at: 3,
};

describe('migration 0011 (session re-authentication)', () => {
  it('leaves every existing session as it was, not re-authenticated', async () => {
    expect((await migrator().migrateTo('0010_account_deletion')).error).toBeUndefined();
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
    expect((await migrator().migrateTo('0011_session_reauthentication')).error).toBeUndefined();
    const row = await store.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ ...OLD_SESSION, reauthenticated_at: null });
  });

  it('can be undone, leaving the sessions as 0010 had them', async () => {
    await store.db.updateTable('sessions').set({ reauthenticated_at: 5 }).execute();
    expect((await migrator().migrateTo('0010_account_deletion')).error).toBeUndefined();
    const row = await untyped().selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual(OLD_SESSION);
    await migrateToLatest(store.db);
  });
});
