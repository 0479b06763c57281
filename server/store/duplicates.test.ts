import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStatus } from '../../common/enums';
import { createEvent } from '../testing/factories';
import { freshTestDatabase, type TestDatabase } from '../testing/harness';
import { migrateToLatest, openStore, type Store } from './db';
import { DUPLICATE_WINDOW_MS, findDuplicates, trigramSimilarity, trigrams } from './duplicates';

// Possible duplicates (docs/PRODUCT.md#moderation): the trigram similarity, and the pairs flagged, the
// same on SQLite and PostgreSQL (this file runs in both the unit and the api-pg projects).

const PAIRS: [string, string][] = [
  ['word', 'two words'],
  ['Vigil for Gaza', 'Gaza vigil'],
  ['March for Palestine', 'march for palestine!'],
  ['Film night', 'Community iftar'],
  ['Rally at the town hall', 'Rally at town hall 2'],
  ['a', 'a'],
  ['', 'anything'],
];

describe('trigram similarity', () => {
  it("is pg_trgm's: the trigrams two titles share over the trigrams of both", () => {
    expect([...trigrams('word')].sort()).toEqual(['  w', ' wo', 'ord', 'rd ', 'wor']);
    expect(trigramSimilarity('word', 'two words')).toBeCloseTo(4 / 11, 6);
    expect(trigramSimilarity('Vigil for Gaza', 'vigil FOR gaza')).toBe(1);
    expect(trigramSimilarity('Film night', 'Community iftar')).toBe(0);
    expect(trigramSimilarity('', 'anything')).toBe(0);
  });

  it('compares text as search does: accents and case do not count', () => {
    expect(trigramSimilarity('Marche à Genève', 'marche a geneve')).toBe(1);
    expect(trigramSimilarity('وقفة تضامن مع غزة', 'وقفة تضامن مع غزة')).toBe(1);
  });

  it('takes a bounded time on the longest titles', () => {
    const long = 'ab'.repeat(100);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) trigramSimilarity(long, `${long}c`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('the pairs flagged on this database', () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await freshTestDatabase();
    store = openStore(database.url);
    await migrateToLatest(store.db);
  });
  afterAll(async () => {
    await store.close();
    database.remove();
  });

  it('agrees with PostgreSQL’s own similarity() where pg_trgm is there', async () => {
    if (store.dialect !== 'postgres') {
      // SQLite has no trigram function: the TypeScript one is the definition, checked above.
      expect(trigramSimilarity('word', 'two words')).toBeCloseTo(0.363636, 5);
      return;
    }
    const installed = await sql`create extension if not exists pg_trgm`
      .execute(store.db)
      .then(() => true)
      .catch(() => false);
    if (!installed) {
      // A PostgreSQL without its contrib extensions: the definition is then the TypeScript one alone.
      expect(trigramSimilarity('word', 'two words')).toBeCloseTo(0.363636, 5);
      return;
    }
    for (const [a, b] of PAIRS) {
      const { rows } = await sql<{ s: number }>`select similarity(${a}, ${b})::float8 as s`.execute(store.db);
      expect(trigramSimilarity(a, b), `${a} / ${b}`).toBeCloseTo(Number(rows[0]?.s), 5);
    }
  });

  it('flags the same events: same city, within the window, similar title; never itself', async () => {
    const at = Date.UTC(2033, 5, 1, 17, 0);
    const make = (title: string, city: string, startsAt: number, status: EventStatus = 'approved') =>
      createEvent(store, { title, city, startsAt, status });
    const target = await make('Vigil for Gaza at the town hall', 'Manchester', at, 'pending');
    const twin = await make('Gaza vigil at the Town Hall', 'manchester', at + 30 * 3600 * 1000);
    const pendingTwin = await make('Vigil for Gaza — town hall', 'MANCHESTER', at - 3600 * 1000, 'pending');
    await make('Vigil for Gaza at the town hall', 'Bristol', at);
    await make('Vigil for Gaza at the town hall', 'Manchester', at + DUPLICATE_WINDOW_MS + 1);
    await make('Film night: Born in Gaza', 'Manchester', at);
    await make('Vigil for Gaza at the town hall', 'Manchester', at, 'rejected');
    const probe = { id: target.id, title: target.title, startsAt: at, city: 'Manchester' };
    const published = await findDuplicates(store.db, probe, ['approved']);
    expect(published.map((m) => m.event.id)).toEqual([twin.id]);
    const all = await findDuplicates(store.db, probe, ['approved', 'pending']);
    expect(all.map((m) => m.event.id).sort()).toEqual([twin.id, pendingTwin.id].sort());
    // Without an id (the submit form's check), the target itself is found too.
    const { id: _own, ...typed } = probe;
    const fromForm = await findDuplicates(store.db, typed, ['pending']);
    expect(fromForm.map((m) => m.event.id).sort()).toEqual([pendingTwin.id, target.id].sort());
  });
});
