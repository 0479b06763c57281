import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * One request must never hold the event loop: every other request waits for it. An email pattern that
 * backtracked took seconds on a 60,000-character address (`a@` + dots + `@`), and ran even after the
 * length check had failed (docs/SECURITY.md, "What the tests prove").
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const hostileEmail = `a@${'.'.repeat(60_000)}@`;

async function health(): Promise<void> {
  const res = await server.fetch('/api/health');
  expect(res.status).toBe(200);
}

describe('a hostile email address', () => {
  for (const path of ['/api/auth/sign-up', '/api/auth/sign-in']) {
    it(`on ${path} does not delay /api/health`, async () => {
      await health(); // a warm connection, so only the server's own delay is measured
      // The server runs in this process: a blocked event loop also delays the timer below, so the
      // time is taken from before it.
      const started = performance.now();
      const hostile = server.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'N', email: hostileEmail, password: 'secret-123' }),
      });
      // Let the hostile request reach the server and start being parsed.
      await new Promise((resolve) => setTimeout(resolve, 30));
      await health();
      const healthMs = performance.now() - started - 30;
      const answer = await hostile;
      expect(answer.status).toBe(400);
      expect(healthMs).toBeLessThan(200);
    });
  }
});
