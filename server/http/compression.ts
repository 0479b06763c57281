/**
 * Compression from Node itself (docs/ARCHITECTURE.md#rendering-and-the-hot-path): pages, API answers,
 * feeds and calendar files go out in Zstandard, Brotli or gzip to whoever asks for it, so `npm start`
 * with no proxy in front sends a 40 KB page as ~8 KB. Built assets are compressed once at build time
 * (vite.config.ts) and answered as they are (server/http/memoryAssets.ts); answers the listing cache
 * replays are compressed once per cached entry (server/http/listingCache.ts), not per request.
 */
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** What is compressed once and kept (built files, the listing cache's replays): Brotli or gzip. */
export type Coding = 'br' | 'gzip';
/** What is compressed for each request may also be Zstandard, which browsers that take it prefer. */
export type EachRequestCoding = Coding | 'zstd';

/** Smaller bodies are sent as they are: compressing them saves less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli at quality 5 and gzip at level 6: most of the size gain of the top settings for a small part
 * of their CPU (quality 11 takes ~30 ms on a 150 KB page; 5 about 1 ms). What is compressed once and
 * sent many times (the listing cache's entries) takes 5; what is compressed for each request (a
 * rendered page, an uncached answer) takes 4: on a 120 KB home page 7% larger (19.9 KB against 18.6),
 * for a third less CPU (bench/NOTES.md, 2026-11-28 evening).
 */
const BROTLI_QUALITY = 5;
const BROTLI_QUALITY_EACH_REQUEST = 4;
const GZIP_LEVEL = 6;

// Brotli first: smaller for the same CPU. The client's q-values decide between what both take.
const negotiator = new Negotiator<Coding>({ supportedValues: ['br', 'gzip'] });

/** The coding to answer in for this `Accept-Encoding` (`br;q=0` refuses Brotli), or null for none. */
export function preferredCoding(acceptEncoding: string | undefined): Coding | null {
  return acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
}

/**
 * Zstandard at level 3, for a body compressed for one request, when the client takes it (Chromium
 * and Firefox do; Safari does not) and this Node has it (22.15 and later): a 120 KB home page in
 * ~0.3 ms to 21.1 KB, against Brotli's ~1 ms to 19.9 KB at quality 4 (bench/NOTES.md, 2026-11-28 evening).
 */
const zstdLater = typeof zlib.zstdCompress === 'function' ? promisify(zlib.zstdCompress) : null;
const ZSTD_LEVEL = 3;
const eachRequestNegotiator = new Negotiator<EachRequestCoding>({
  supportedValues: zstdLater ? ['zstd', 'br', 'gzip'] : ['br', 'gzip'],
});

/** As preferredCoding, for what is compressed for this request alone: Zstandard first, where taken. */
export function preferredCodingEachRequest(acceptEncoding: string | undefined): EachRequestCoding | null {
  return acceptEncoding ? eachRequestNegotiator.negotiate(acceptEncoding) : null;
}

/** Text worth compressing: pages, JSON, feeds, calendar files, scripts and styles, SVG. */
export function isCompressibleType(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    type === 'application/xml' ||
    type === 'application/javascript'
  );
}

/**
 * The smallest Brotli window that holds the whole body (its size is 2^bits − 16). The default, 2^22,
 * makes each compression allocate and touch a 4 MB ring buffer: with several pages compressed at once
 * on libuv's threads, those allocations' page faults cost more than a page's compression itself.
 */
export function brotliWindowBits(length: number): number {
  const bits = Math.ceil(Math.log2(length + 16));
  return Math.min(
    zlib.constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, bits),
  );
}

const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
  },
});

export function compress(body: Buffer, coding: Coding): Buffer {
  return coding === 'br'
    ? zlib.brotliCompressSync(body, brotliOptions(body, BROTLI_QUALITY))
    : zlib.gzipSync(body, { level: GZIP_LEVEL });
}

const brotliLater = promisify(zlib.brotliCompress);
const gzipLater = promisify(zlib.gzip);

/**
 * A body compressed for one request, on libuv's threads: the server's own thread goes on with the next
 * request meanwhile (a rendered page's Brotli is ~1 ms, a third of what rendering it costs: issue 21).
 */
export function compressLater(body: Buffer, coding: EachRequestCoding): Promise<Buffer> {
  if (coding === 'zstd' && zstdLater) {
    return zstdLater(body, {
      params: { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL },
      pledgedSrcSize: body.length,
    });
  }
  return coding === 'br'
    ? brotliLater(body, brotliOptions(body, BROTLI_QUALITY_EACH_REQUEST))
    : gzipLater(body, { level: GZIP_LEVEL });
}

/** A `Vary` value with `token` in it once. */
export function withVary(vary: unknown, token: string): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  const tokens = current
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tokens.includes('*') || tokens.some((t) => t.toLowerCase() === token.toLowerCase())) return current;
  return [...tokens, token].join(', ');
}

/**
 * Compress every answer Fastify sends whose body is text of COMPRESS_MIN_BYTES or more, in the coding
 * the client prefers. Added to each route as it is declared, after the listing cache's own hook (which
 * keeps the answer as written and compresses its replays itself): register this after it.
 */
export function registerCompression(app: FastifyInstance): void {
  // A text body leaves as the bytes made here whatever the coding: written as a string, Fastify would
  // measure its length and encode it again (~0.6 ms for a rendered page).
  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const body =
      typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (
      body === null ||
      body.length < COMPRESS_MIN_BYTES ||
      reply.hasHeader('content-encoding') ||
      !isCompressibleType(reply.getHeader('content-type'))
    ) {
      return body ?? payload;
    }
    reply.header('Vary', withVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const coding = preferredCodingEachRequest(request.headers['accept-encoding']);
    if (coding === null) return body;
    reply.header('Content-Encoding', coding);
    reply.removeHeader('content-length');
    return compressLater(body, coding);
  };
  app.addHook('onRoute', (route) => {
    const own = route.onSend;
    route.onSend = own === undefined ? [onSend] : Array.isArray(own) ? [...own, onSend] : [own, onSend];
  });
}
