// Two things the pages read without JavaScript need from the server (server/html/pages.ts): the home
// page answers the filter form's GET, which sends every field even when empty, with a redirect to the
// clean address of the same view; and an event page's Back link learns the visitor's filtered home
// view from a same-origin Referer, and only from that, without such a page ever being kept in or
// replayed from the listing micro-cache. A stand-in renderer shows what the server handed it.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { makeWebBuild, RENDER_COUNTER, rendersIn } from '../testing/webBuild';
import { cleanHomeUrl } from './pages';

const TEMPLATE = `<!doctype html><html><head><meta name="app-config" content="%APP_CONFIG%"><title>%TITLE%</title>%HEAD%</head><body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc.js"></script>
  </body></html>`;

/** Writes the URL it rendered and the home view it was given into the page; counts its calls. */
const RENDERER = `${RENDER_COUNTER}
export async function render(url, fetchJson, config, options) {
  countRender();
  const back = options && options.homeViewQuery ? options.homeViewQuery : 'none';
  return { html: '<p>Rendered ' + url + ' back=' + back + '</p>', state: { queries: [] }, namespaces: [] };
}
`;

let dir: string;
let server: TestServer;
let eventId: string;

beforeAll(async () => {
  dir = makeWebBuild('redirect', { template: TEMPLATE, renderer: RENDERER });
  // The micro-cache on, with a TTL no test run outlasts: what it keeps or replays is part of the checks.
  server = await startTestServer({ webRoot: join(dir, 'web'), env: { LISTING_CACHE_MS: '60000' } });
  eventId = (await createEvent(server.store, { title: 'Vigil' })).id;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return server.fetch(path, { redirect: 'manual', headers });
}

describe('the home page asked for with empty or default filter parameters', () => {
  it('redirects what the form sends without JavaScript to the clean address of the same view', async () => {
    const cases: [string, string][] = [
      ['/?search=&location=&type=all', '/'],
      ['/?search=farha&location=&type=all', '/?search=farha'],
      ['/?search=&location=united+states&type=all', '/?location=united+states'],
      ['/?search=gaza%20city&location=&type=protest', '/?search=gaza%20city&type=protest'],
      ['/?search=&location=&type=all&when=past', '/?when=past'],
      ['/?search=+&location=%20', '/'],
      ['/?type=all&page=2', '/?page=2'],
      ['/?page=&when=', '/'],
      ['/?&type=cultural&', '/?type=cultural'],
      // The distance is sent with or without a city: kept only with one, and not at its default.
      ['/?search=&location=&near=&km=25&type=all', '/'],
      ['/?near=&km=50', '/'],
      ['/?near=Salford&km=25', '/?near=Salford'],
      ['/?search=&near=Salford&km=10&type=all', '/?near=Salford&km=10'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.status, from).toBe(303);
      expect(res.headers.get('location'), from).toBe(to);
      expect(res.headers.get('cache-control'), from).toBe('no-store');
    }
  });

  it('serves clean addresses as they are, and leaves a repeated parameter alone', async () => {
    for (const path of [
      '/',
      '/?search=farha',
      '/?type=protest&when=past&page=2',
      '/?near=Leeds&km=100',
      // Not what the form sends: written by someone, left as written.
      '/?when=upcoming&page=1',
      '/?ref=&utm',
      '/?type=all&type=protest',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(`<p>Rendered ${path} back=none</p>`);
    }
  });

  it('never redirects the API or another page', async () => {
    const api = await get('/api/events?search=&location=&type=all');
    // The API's own validation answers; whatever it says, it is not a redirect to a page.
    expect(api.status).not.toBe(303);
    expect(api.headers.get('location')).toBeNull();
    const event = await get(`/event/${eventId}?search=`);
    expect(event.status).toBe(200);
  });

  it('is never kept by the micro-cache: the same address redirects again, with no page rendered', async () => {
    const before = rendersIn(dir);
    for (let i = 0; i < 3; i++) {
      const res = await get('/?search=&location=&type=protest');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/?type=protest');
    }
    expect(rendersIn(dir)).toBe(before);
  });

  it('cleans addresses without decoding or reordering what it keeps', () => {
    expect(cleanHomeUrl('/')).toBeNull();
    expect(cleanHomeUrl('/?')).toBe('/');
    expect(cleanHomeUrl('/?search&type=all&ref=')).toBe('/?ref=');
    expect(cleanHomeUrl('/?search=a%26b&type=all')).toBe('/?search=a%26b');
    expect(cleanHomeUrl('/?location=Ramallah&search=')).toBe('/?location=Ramallah');
    // The form's When at "Any time", and the Online only box left unticked (not sent at all).
    expect(cleanHomeUrl('/?search=farha&location=&type=all&period=any')).toBe('/?search=farha');
    expect(cleanHomeUrl('/?period=weekend&online=1')).toBeNull();
    expect(cleanHomeUrl('/?search=&search=farha')).toBeNull();
    // Whatever is kept stays in the query of `/`: no other path, no other host.
    expect(cleanHomeUrl('/?//evil.example=1&type=all')).toBe('/?//evil.example=1');
  });
});

describe('the event page’s Back link and the Referer', () => {
  const page = () => `/event/${eventId}`;

  it('gets the query of a Referer that is this site’s own home page, and says it varies by Referer', async () => {
    const res = await get(page(), { referer: `${server.url}/?type=protest&search=farha` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`back=?type=protest&search=farha</p>`);
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language, Referer, Accept-Encoding');
  });

  it('ignores any other Referer: another site, another page, no query, malformed', async () => {
    const host = new URL(server.url).host;
    for (const referer of [
      'https://evil.example/?type=protest',
      `https://${host}.evil.example/?type=protest`,
      `https://${host}/?type=protest`, // another scheme: another origin
      `${server.url}/submit?type=protest`,
      `${server.url}/event/${eventId}?type=protest`,
      `${server.url}/`,
      `${server.url}/?`,
      'http://[::1/?type=protest',
      '/?type=protest',
      'not a url',
    ]) {
      const html = await (await get(page(), { referer })).text();
      expect(html, referer).toContain('back=none</p>');
    }
  });

  it('is neither replayed from nor kept in the micro-cache when it came from a filtered home view', async () => {
    // Fill the cache with the page as anyone gets it.
    expect(await (await get(page())).text()).toContain('back=none');
    const filled = rendersIn(dir);
    expect(await (await get(page())).text()).toContain('back=none');
    expect(rendersIn(dir)).toBe(filled);

    // A visitor coming from a filtered list gets their own page, rendered for them…
    const mine = await (await get(page(), { referer: `${server.url}/?type=digital` })).text();
    expect(mine).toContain('back=?type=digital');
    expect(rendersIn(dir)).toBe(filled + 1);
    // …and it is not what the next visitor gets (the cached page still is), nor the one after them.
    const next = await (await get(page(), { referer: `${server.url}/?location=Paris` })).text();
    expect(next).toContain('back=?location=Paris');
    expect(await (await get(page())).text()).toContain('back=none');
    expect(rendersIn(dir)).toBe(filled + 2);
  });
});
