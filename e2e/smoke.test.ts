import { afterAll, beforeAll, expect, it } from 'vitest';
import { type E2E, startE2E } from './support/browser';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

it('serves the app shell with the site title', async () => {
  const page = await e2e.newPage();
  await page.goto('/');
  expect(await page.title()).toBe('Palestine Solidarity Calendar');
  expect(e2e.foreignRequests).toEqual([]);
});
