// Load generation with autocannon at a fixed concurrency, against 127.0.0.1 only.
import autocannon from 'autocannon';

/**
 * autocannon 9 appends each response's body to a string it never reads unless asked to check bodies
 * (pipelinedRequestsQueue's addBody). Decoding incompressible bytes, a Brotli page, as UTF-8 there cost
 * it ~300 µs a response against ~25 µs for text: on the two cores the servers share, the load generator
 * became what limited the bare server (4,000 against 38,000 req/s for 19 KB). Its clients keep no bodies.
 */
export function keepNoBodies(client) {
  client.pipelinedRequests.addBody = () => {};
}

/** `headers`: sent with every request (the rendered pages ask as browsers do: `AS_BROWSERS_ASK`). */
export async function measure(url, { connections, durationSeconds, headers = {} }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    timeout: 30,
    headers,
    setupClient: keepNoBodies,
    // Same client for every target: no pipelining, keep-alive on (as browsers behind a proxy).
    pipelining: 1,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * What a browser's every request carries that changes the answer: Chromium's Accept-Encoding (it takes
 * Zstandard, Brotli and gzip). BENCH_PLAIN=1 asks without it, as runs before 2026-11-28 (evening) did.
 */
export const AS_BROWSERS_ASK = process.env.BENCH_PLAIN
  ? {}
  : { 'accept-encoding': 'gzip, deflate, br, zstd' };
