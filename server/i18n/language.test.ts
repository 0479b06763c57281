// Which language a page comes in (docs/PRODUCT.md#languages): ?lang=, the remembered cookie,
// Accept-Language, English; said in <html lang dir>, handed to the renderer, kept apart in the
// micro-cache. A stand-in build and renderer (as server/html/ssr.test.ts); e2e/languages.test.ts runs
// the real ones in Chromium.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { makeWebBuild, RENDER_COUNTER, rendersIn } from '../testing/webBuild';

const TEMPLATE = `<!doctype html>
<html lang="en" dir="ltr"><head><meta name="app-config" content="%APP_CONFIG%"><title>%TITLE%</title>%HEAD%</head><body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc.js"></script>
  </body></html>`;

/** Renders the language it was asked for, and counts its calls. */
const RENDERER = `${RENDER_COUNTER}
export async function render(url, fetchJson, config, options) {
  countRender();
  return { html: '<p>Rendered in ' + options.language + '</p>', state: { queries: [] }, namespaces: [] };
}
`;

const MANIFEST = {
  'main.tsx': { file: 'assets/index-abc.js', isEntry: true },
  'i18n/catalogs/ar.ts': { file: 'assets/ar-list.js', isDynamicEntry: true },
  'i18n/catalogs/fr.ts': { file: 'assets/fr-list.js', isDynamicEntry: true },
  'locales/ar/common.json': { file: 'assets/common-ar1.js', isDynamicEntry: true },
  'locales/ar/events.json': { file: 'assets/events-ar2.js', isDynamicEntry: true },
  'locales/ar/log.json': { file: 'assets/log-ar3.js', isDynamicEntry: true },
  'locales/fr/common.json': { file: 'assets/common-fr1.js', isDynamicEntry: true },
  'locales/fr/events.json': { file: 'assets/events-fr2.js', isDynamicEntry: true },
};

function makeBuild(): string {
  return makeWebBuild('lang', {
    template: TEMPLATE,
    renderer: RENDERER,
    files: { '.vite/manifest.json': JSON.stringify(MANIFEST) },
  });
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

describe('the language of a page', () => {
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = makeBuild();
    // The micro-cache on, as deployed: answers for one language must never reach another.
    server = await startTestServer({
      webRoot: join(dir, 'web'),
      env: { LISTING_CACHE_MS: '60000', PUBLIC_URL: 'https://calendar.example' },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is English by default, with no catalog to fetch', async () => {
    const res = await server.fetch('/');
    const html = await res.text();
    expect(htmlTag(html)).toBe('<html lang="en" dir="ltr">');
    expect(html).toContain('<p>Rendered in en</p>');
    expect(html).not.toContain('modulepreload');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('follows ?lang=, right to left for Arabic, remembers it in a cookie and hints its first catalogs', async () => {
    const res = await server.fetch('/?lang=ar');
    const html = await res.text();
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(html).toContain('<p>Rendered in ar</p>');
    expect(res.headers.get('set-cookie')).toMatch(/^lang=ar; Max-Age=\d+; Path=\/; Secure; SameSite=Lax$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Its own language's list of catalogs and first catalogs only: not its later ones, not another language's.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ar-list.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/common-ar1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/events-ar2.js">');
    expect(html).not.toContain('log-ar3.js');
    expect(html).not.toContain('-fr');
  });

  it('lists the page in every language for search engines, keeping its filters', async () => {
    const html = await (await server.fetch('/?type=protest')).text();
    expect(html).toContain(
      '<link rel="alternate" hreflang="ar" href="https://calendar.example/?type=protest&#38;lang=ar">',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="ur" href="https://calendar.example/?type=protest&#38;lang=ur">',
    );
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://calendar.example/?type=protest">',
    );
    expect(html.match(/hreflang=/g)).toHaveLength(11);
  });

  it('then takes the cookie, then Accept-Language; an unknown ?lang= is ignored and not remembered', async () => {
    const fromCookie = await server.fetch('/', { headers: { cookie: 'lang=fr', 'accept-language': 'es' } });
    expect(htmlTag(await fromCookie.text())).toBe('<html lang="fr" dir="ltr">');
    expect(fromCookie.headers.get('set-cookie')).toBeNull();

    const fromBrowser = await server.fetch('/', {
      headers: { 'accept-language': 'ur-PK,ur;q=0.9,en;q=0.8' },
    });
    expect(htmlTag(await fromBrowser.text())).toBe('<html lang="ur" dir="rtl">');

    const unknown = await server.fetch('/?lang=xx', { headers: { 'accept-language': 'de' } });
    expect(htmlTag(await unknown.text())).toBe('<html lang="de" dir="ltr">');
    expect(unknown.headers.get('set-cookie')).toBeNull();

    // A language we speak written another way is that language, and remembered as such.
    for (const [asked, language, dir] of [
      ['AR', 'ar', 'rtl'],
      ['ar-EG', 'ar', 'rtl'],
      ['pt-BR', 'pt', 'ltr'],
      ['pt_br', 'pt', 'ltr'],
    ]) {
      const res = await server.fetch(`/?lang=${asked}`, { headers: { 'accept-language': 'de' } });
      expect(htmlTag(await res.text()), asked).toBe(`<html lang="${language}" dir="${dir}">`);
      expect(res.headers.get('set-cookie'), asked).toMatch(new RegExp(`^lang=${language};`));
    }
  });

  it('keeps each language apart in the micro-cache', async () => {
    const ask = async (language: string) =>
      (await server.fetch('/?type=cultural', { headers: { 'accept-language': language } })).text();
    const first = rendersIn(dir);
    expect(await ask('tr')).toContain('Rendered in tr');
    expect(await ask('tr')).toContain('Rendered in tr');
    // The second Turkish request was a hit: rendered once.
    expect(rendersIn(dir) - first).toBe(1);
    expect(await ask('it')).toContain('Rendered in it');
    expect(await ask('pt-BR')).toContain('Rendered in pt');
    expect(rendersIn(dir) - first).toBe(3);
  });

  it('comes in the shell of pages the browser renders too; public ones list their languages', async () => {
    const html = await (await server.fetch('/submit', { headers: { cookie: 'lang=ar' } })).text();
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(html).toContain('common-ar1.js');
    expect(html).not.toContain('hreflang');
    const log = await (await server.fetch('/log?lang=tr')).text();
    expect(log).toContain('<link rel="alternate" hreflang="id" href="https://calendar.example/log?lang=id">');
  });
});
