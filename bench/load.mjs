// Load generation with autocannon at a fixed concurrency, against 127.0.0.1 only.
import autocannon from 'autocannon';

export async function measure(url, { connections, durationSeconds }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    timeout: 30,
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
