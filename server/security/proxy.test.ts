import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_RULES } from '../auth/rateLimits';
import { rateKey } from '../rateLimit';
import { startTestServer, type TestServer } from '../testing/harness';

/**
 * The per-IP rate limits count the address Fastify reports as `request.ip`. Only a proxy on this
 * machine or the private network may tell it a different one with X-Forwarded-For; anyone reaching
 * the app directly is counted by their own address, whatever header they send.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** One sign-in attempt (malformed on purpose: it still counts) from this socket address. */
async function attempt(remoteAddress: string, forwardedFor?: string): Promise<number> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: '{}',
  });
  return res.statusCode;
}

async function hitsFor(ip: string): Promise<number> {
  const row = await server.store.db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', await rateKey(server.store.db, AUTH_RATE_RULES.signInIp, ip))
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For from a client on the internet', async () => {
    expect(await attempt('203.0.113.7', '198.51.100.1')).toBe(400);
    expect(await attempt('203.0.113.7', '198.51.100.2, 198.51.100.3')).toBe(400);
    expect(await hitsFor('203.0.113.7')).toBe(2);
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect(await hitsFor(forged)).toBe(0);
  });

  it('cannot dodge the per-IP sign-in limit by forging a new address each time', async () => {
    const { limit } = AUTH_RATE_RULES.signInIp;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push(await attempt('203.0.113.50', `192.0.2.${i}`));
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('believes the proxy on this machine or the private network (nginx in front)', async () => {
    for (const proxy of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.10', '172.16.0.5', 'fd00::1']) {
      const client = `198.51.100.${proxy.length}`;
      const before = await hitsFor(client);
      expect(await attempt(proxy, client)).toBe(400);
      expect(await hitsFor(client), proxy).toBe(before + 1);
    }
  });

  it('takes the client nginx saw, not what the client claimed before it ($proxy_add_x_forwarded_for)', async () => {
    // "forged, real" from nginx on 127.0.0.1: the real client is the last untrusted hop.
    expect(await attempt('127.0.0.1', '198.51.100.200, 203.0.113.99')).toBe(400);
    expect(await hitsFor('203.0.113.99')).toBe(1);
    expect(await hitsFor('198.51.100.200')).toBe(0);
  });
});

describe('per-IP limits and IPv6 (nginx forwarding $remote_addr, docs/DEPLOY.md)', () => {
  it('counts one /64 as one client: new addresses in it do not get new attempts', async () => {
    const { limit } = AUTH_RATE_RULES.signInIp;
    const statuses: number[] = [];
    for (let i = 1; i <= limit + 10; i++) {
      statuses.push(
        await attempt('127.0.0.1', `2001:db8:a:b:${i.toString(16)}:${(i * 7).toString(16)}::${i}`),
      );
    }
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    // Another /64 is another client.
    expect(await attempt('127.0.0.1', '2001:db8:a:c::1')).toBe(400);
  });

  it('counts every spelling of an address, and its IPv4-mapped form, as one', async () => {
    const before = await hitsFor('198.51.100.77');
    for (const spelling of ['198.51.100.77', '::ffff:198.51.100.77', '::FFFF:c633:644d']) {
      expect(await attempt('127.0.0.1', spelling)).toBe(400);
    }
    expect(await hitsFor('198.51.100.77')).toBe(before + 3);
    expect(await attempt('::ffff:127.0.0.1', '2001:DB8:d::1')).toBe(400);
    expect(await attempt('127.0.0.1', '2001:0db8:000d:0000::2')).toBe(400);
    expect(await hitsFor('2001:db8:d:0::/64')).toBe(2);
  });
});
