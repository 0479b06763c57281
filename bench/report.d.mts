// Types for what the TypeScript tests import from bench/report.mjs (e2e/first-load.test.ts).
/** The targets `npm run bench` judges its figures against (issues 6, 13 and 21). */
export const TARGETS: { readonly firstLoadGzip: number } & Readonly<Record<string, number>>;
