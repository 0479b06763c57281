// The kept counts of large lists (server/store/events.ts, cachedCount): a burst of requests on a cold
// key computes the count once; a small count is never kept, so it is always exact.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cachedCount } from './events';
import type { Database } from './schema';

/** Each test its own cache: the cache is kept per database handle. */
const freshDb = () => ({}) as Kysely<Database>;

function slowCount(value: number, ms = 20) {
  let calls = 0;
  const compute = () => {
    calls += 1;
    return new Promise<number>((resolve) => setTimeout(() => resolve(value), ms));
  };
  return { compute, calls: () => calls };
}

describe('kept counts', () => {
  it('computes a cold count once for fifty requests arriving together, and gives each the same total', async () => {
    const db = freshDb();
    const count = slowCount(400_000);
    const totals = await Promise.all(
      Array.from({ length: 50 }, () => cachedCount(db, 'search=vigil', count.compute)),
    );
    expect(new Set(totals)).toEqual(new Set([400_000]));
    expect(count.calls()).toBe(1);
    // Kept: the next request does not compute it again.
    expect(await cachedCount(db, 'search=vigil', count.compute)).toBe(400_000);
    expect(count.calls()).toBe(1);
  });

  it('shares a computation only between requests for the same filters', async () => {
    const db = freshDb();
    const a = slowCount(1000);
    const b = slowCount(2000);
    const [x, y] = await Promise.all([
      cachedCount(db, 'type=cultural', a.compute),
      cachedCount(db, 'type=protest', b.compute),
    ]);
    expect([x, y, a.calls(), b.calls()]).toEqual([1000, 2000, 1, 1]);
  });

  it('computes a small count afresh for every request that comes after the last one ended', async () => {
    const db = freshDb();
    const count = slowCount(12, 1);
    for (let i = 0; i < 3; i++) expect(await cachedCount(db, 'location=lyon', count.compute)).toBe(12);
    expect(count.calls()).toBe(3);
  });

  it('lets the next request try again when a computation failed', async () => {
    const db = freshDb();
    let fail = true;
    const compute = async () => {
      if (fail) throw new Error('connection lost');
      return 500;
    };
    await expect(Promise.all([cachedCount(db, 'k', compute), cachedCount(db, 'k', compute)])).rejects.toThrow(
      'connection lost',
    );
    fail = false;
    expect(await cachedCount(db, 'k', compute)).toBe(500);
  });
});
