// Web performance: the home page's first-load JavaScript and a Lighthouse mobile performance score.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped bytes of the JavaScript the home page loads before it can render: the entry script and the
 * chunks index.html preloads (the entry's static imports). Lazily loaded route chunks do not count.
 */
export function firstLoadJs(webRoot) {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const srcs = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) srcs.add(m[1]);
  const files = [...srcs].map((src) => {
    const bytes = readFileSync(join(webRoot, src.replace(/^\//, '')));
    return { file: src, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return {
    files,
    raw: files.reduce((n, f) => n + f.raw, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
  };
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Lighthouse (mobile profile, simulated throttling) on `url`; the median score of `runs`, and the
 * runs that failed (`failed`: Lighthouse's error codes), which are left out of it.
 */
export async function lighthouseScore(url, { runs = 3, chromePath } = {}) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`refusing to audit anything but 127.0.0.1: ${url}`);
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  const failed = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      // A run Lighthouse could not finish (its runtimeError: no paint, a hung page) has no score:
      // counted apart, never as a 0 in the median.
      if (lhr.runtimeError || lhr.categories.performance.score == null) {
        failed.push(lhr.runtimeError?.code ?? 'no score');
        continue;
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? null;
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
      });
    } finally {
      await chrome.kill();
    }
  }
  results.sort((a, b) => a.score - b.score);
  if (results.length === 0)
    return { score: null, error: `every run failed (${failed.join(', ')})`, all: [], failed };
  return { ...results[Math.floor(results.length / 2)], all: results.map((r) => r.score), failed };
}
