import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * A client that sends its request slowly (headers or body a byte at a time, or part and then nothing)
 * must not hold a connection for ever: it gets 408 or is closed once REQUEST_TIMEOUT_MS has passed.
 */
const TIMEOUT_MS = 1500;

/** Write `head`, then `drip` one byte every `everyMs`; resolve with what the server said and when it closed. */
function slowRequest(url: string, head: string, drip = '', everyMs = 200) {
  const { hostname, port } = new URL(url);
  return new Promise<{ answer: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started });
    });
    socket.write(head);
    let i = 0;
    timer = setInterval(() => {
      if (i < drip.length && !socket.destroyed) socket.write(drip[i++] ?? '');
    }, everyMs);
    setTimeout(() => reject(new Error('the server kept the connection open')), 20_000).unref();
  });
}

for (const cache of ['1000', '0']) {
  describe(`request time-outs (listing cache ${cache === '0' ? 'off' : 'on'})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), LISTING_CACHE_MS: cache },
      });
    });
    afterAll(() => server.close());

    const post = (length: number) =>
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

    it('closes a request whose body stops coming', async () => {
      const { answer, ms } = await slowRequest(server.url, `${post(100)}{"email"`);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeLessThan(TIMEOUT_MS + 2500);
    });

    it('closes a request whose body trickles in, however steadily', async () => {
      const { answer, ms } = await slowRequest(server.url, post(200), 'x'.repeat(200), 100);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(ms).toBeLessThan(TIMEOUT_MS + 2500);
    });

    it('closes a connection whose headers never end', async () => {
      const { answer, ms } = await slowRequest(
        server.url,
        'GET /api/health HTTP/1.1\r\nHost: x\r\n',
        'X-A: b\r\n'.repeat(100),
        50,
      );
      expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
      expect(ms).toBeLessThan(TIMEOUT_MS + 2500);
    });

    it('still answers a request that arrives in time', async () => {
      expect((await server.fetch('/api/health')).status).toBe(200);
    });
  });
}
