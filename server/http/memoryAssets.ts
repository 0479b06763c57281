import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { preferredCoding } from './compression';

/**
 * The built app's `/assets/*` (hashed names, 1.5 MB with their .br and .gz) held in memory and answered
 * from there. Read from disk per request, they went through libuv's thread pool, which password
 * hashing also uses: a burst of sign-ins made the main script take seconds (docs/SECURITY.md). Read
 * once at start, they cost no thread and no system call.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Every file below `dir` (no .br/.gz: those ride with their file), keyed by its path from `dir`. */
function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue;
      const identity = readFileSync(path);
      const optional = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
      assets.set(relative(dir, path).split(sep).join('/'), {
        type: TYPES[extname(name)] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
        identity,
        br: optional(`${path}.br`),
        gzip: optional(`${path}.gz`),
      });
    }
  };
  walk(dir);
  return assets;
}

/** Answer `GET|HEAD /assets/*` from memory; unknown names are a 404. No route without an assets folder. */
export function registerMemoryAssets(app: FastifyInstance, webRoot: string): void {
  const folder = join(webRoot, 'assets');
  if (!existsSync(folder)) return;
  const assets = readAssets(folder);
  app.get('/assets/*', (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const asset = assets.get(name);
    if (!asset) throw notFound();
    reply
      .header('Content-Type', asset.type)
      // Hashed file names never change content: cache them for a year.
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', asset.etag)
      .header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const coding = preferredCoding(request.headers['accept-encoding']);
    const encoded = coding === null ? undefined : asset[coding];
    if (coding !== null && encoded) return reply.header('Content-Encoding', coding).send(encoded);
    return reply.send(asset.identity);
  });
}
