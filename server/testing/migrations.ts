import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../store/db';
import { migrations } from '../store/migrations/index';
import { freshTestDatabase, type TestDatabase } from './harness';

/**
 * A migration's test file: one fresh database (SQLite, or PostgreSQL in the api-pg project), opened
 * before the file's tests and removed after, which a test migrates to the state it starts from, fills as
 * that state knew its tables, and migrates on.
 */
export function migrationTestDatabase() {
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
  return {
    get store(): Store {
      return store;
    },
    /** The tables as an earlier migration left them, not today's types. */
    // biome-ignore lint/suspicious/noExplicitAny: tables of an earlier state have no types of their own
    untyped: () => store.db as unknown as Kysely<any>,
    /** Migrate up or down to the migration named; a migration's error fails the test. */
    async migrateTo(name: string): Promise<void> {
      const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo(name);
      if (error) throw error;
    },
    migrateToLatest: () => migrateToLatest(store.db),
    /** How the database defines the index `name`, as it says it ('' when there is none). */
    async indexDefinition(name: string): Promise<string> {
      const { rows } =
        store.dialect === 'postgres'
          ? await sql<{ def: string }>`select indexdef as def from pg_indexes
              where schemaname = current_schema() and indexname = ${name}`.execute(store.db)
          : await sql<{ def: string }>`select sql as def from sqlite_master
              where type = 'index' and name = ${name}`.execute(store.db);
      return rows[0]?.def ?? '';
    },
  };
}
