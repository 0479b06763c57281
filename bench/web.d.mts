// Types for what the TypeScript tests import from bench/web.mjs (e2e/first-load.test.ts).
/** The home page's first-load JavaScript: each script it loads before it can render, gzipped (level 9). */
export function firstLoadJs(webRoot: string): {
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
};
