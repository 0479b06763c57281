import { describe, expect, it } from 'vitest';
import { settled } from './events';
import type { EventRow } from './schema';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `e${i}` }) as unknown as EventRow);

describe('the total beside a page of events', () => {
  it('is exact when the page is not full: a kept count of 0 beside 2 rows reads 2', () => {
    expect(settled(rows(2), 0, 0, 20).total).toBe(2);
    expect(settled(rows(5), 90, 40, 20).total).toBe(45);
  });

  it('is at least what the pages so far hold when the page is full', () => {
    expect(settled(rows(20), 10, 20, 20).total).toBe(40);
    expect(settled(rows(20), 500, 20, 20).total).toBe(500);
  });

  it('is 0 for an empty first page, and keeps the count for a page past the end', () => {
    expect(settled(rows(0), 7, 0, 20).total).toBe(0);
    expect(settled(rows(0), 7, 40, 20).total).toBe(7);
  });
});
