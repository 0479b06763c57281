import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './securityHeaders';

/**
 * The options server/app.ts used to give @fastify/helmet, which built these headers on every request.
 * The precomputed list must stay exactly what helmet made of them.
 */
function helmetOptions(https: boolean) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : (false as const),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  };
}

describe('securityHeaders', () => {
  for (const publicUrl of ['http://localhost:3000', 'https://calendar.example.org']) {
    it(`is exactly the set @fastify/helmet sent for ${publicUrl}`, async () => {
      const app = Fastify();
      await app.register(helmet, helmetOptions(publicUrl.startsWith('https:')));
      app.get('/', async () => 'ok');
      const res = await app.inject('/');
      await app.close();
      const fromHelmet = Object.entries(res.headers)
        .filter(([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name))
        .map(([name, value]) => [name, String(value)]);
      // Permissions-Policy is ours alone (helmet has none).
      const ours = securityHeaders({ PUBLIC_URL: publicUrl })
        .filter(([name]) => name !== 'Permissions-Policy')
        .map(([name, value]) => [name.toLowerCase(), value]);
      expect(ours).toEqual(fromHelmet);
    });
  }
});
