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
    expect((await migrator().migrateTo('0008_event_shape')).error).toBeUndefined();
    await untyped().insertInto('users').values(OLD_USER).execute();
    expect((await migrator().migrateTo('0010_account_deletion')).error).toBeUndefined();
    const row = await store.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ ...OLD_USER, deleted_at: null });
  });

  it('can be undone, leaving the accounts as 0008 had them', async () => {
    expect((await migrator().migrateTo('0008_event_shape')).error).toBeUndefined();
    const row = await untyped().selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual(OLD_USER);
    await migrateToLatest(store.db);
  });
});
