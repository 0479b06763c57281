// The home page's first-load JavaScript stays within issue 21's budget (bench/report.mjs's target, which
// `npm run bench` reports), held as pages, languages and images land: a change that would push the
// first load over it fails here, in the build every browser test runs against, not weeks later in a
// bench run. Measured as the bench measures it (bench/web.mjs): the entry script and what index.html
// preloads, gzipped at level 9.
import { expect, inject, it } from 'vitest';
import { TARGETS } from '../bench/report.mjs';
import { firstLoadJs } from '../bench/web.mjs';

it(`keeps the home page's first-load JavaScript within ${TARGETS.firstLoadGzip / 1024} KB gzipped`, () => {
  const js = firstLoadJs(inject('webRoot'));
  expect(js.files.length).toBeGreaterThan(0);
  const detail = js.files.map((f) => `${f.file}: ${f.gzip} B`).join(', ');
  expect(js.gzip, `first-load JavaScript ${js.gzip} B gzipped (${detail})`).toBeLessThanOrEqual(
    TARGETS.firstLoadGzip,
  );
});
