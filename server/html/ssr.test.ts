// How the server uses the web app's renderer (web/entry-server.tsx, built beside the web build): which
// pages it fills, with what, and that a failing or missing renderer leaves the plain page, never a 500.
// A stand-in renderer keeps these tests independent of a build; e2e/ssr.test.ts runs the real one.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERED_PAGES } from '../../common/renderedPages';
import { createEvent, createUser, sessionCookieFor } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { onSendHooksByRoute } from '../testing/routes';
import { makeWebBuild, RENDER_COUNTER, rendersIn } from '../testing/webBuild';
import { addPreloads, pageChunkPreloads } from './ssr';

const TEMPLATE = `<!doctype html><html><head><meta name="app-config" content="%APP_CONFIG%"><title>%TITLE%</title>%HEAD%<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body>
    <div id="root"></div>
    <noscript>This calendar needs JavaScript to show events.</noscript>
    <script type="module" src="/assets/index-abc.js"></script>
  </body></html>`;

/**
 * Renders what the API told it: the signed-in name and the number of events, or fails on request
 * (`?fail`), or declines (`?decline`). Counts its calls (`rendersIn`).
 */
const RENDERER = `${RENDER_COUNTER}
export async function render(url, fetchJson, config, options) {
  countRender();
  if (url.includes('fail')) throw new Error('render exploded');
  if (url.includes('decline')) return null;
  const session = { body: options.session };
  const list = await fetchJson('/api/events');
  const who = session.body.user ? session.body.user.name : 'visitor';
  return {
    html: '<p>Rendered ' + url + (options.notFound ? ' (not found)' : '') + ' for ' + who + ': ' + list.body.total + ' events on ' + config.siteTitle + '</p>',
    state: {
      queries: [
        { key: ['events'], data: { title: '</script><script>alert(1)</script>' }, updatedAt: 1 },
        // The session as the app's renderer keeps it, for someone signed in.
        ...(session.body.user ? [{ key: ['session'], data: session.body, updatedAt: 1 }] : []),
      ],
    },
    namespaces: [],
  };
}
`;

function makeBuild(renderer: string | null): string {
  return makeWebBuild('ssr', {
    template: TEMPLATE,
    renderer,
    files: { 'assets/index-abc.css': 'body{color:#111}' },
  });
}

describe('with a renderer', () => {
  let dir: string;
  let server: TestServer;
  let cookie: string;
  let eventId: string;

  beforeAll(async () => {
    dir = makeBuild(RENDERER);
    server = await startTestServer({ webRoot: join(dir, 'web') });
    const user = await createUser(server.store, { name: 'Nadia' });
    cookie = await sessionCookieFor(server.store, user);
    eventId = (await createEvent(server.store, { title: 'Vigil' })).id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills #root of the home page from the API answers, with the state beside it and no <noscript>', async () => {
    const res = await server.fetch('/?type=protest');
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toContain('Cookie');
    const html = await res.text();
    expect(html).toContain(
      '<div id="root"><p>Rendered /?type=protest for visitor: 1 events on Palestine Solidarity Calendar</p></div>',
    );
    expect(html).not.toContain('<noscript>');
    // The state is JSON in a script the browser does not run, and no text in it can close that script.
    const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    expect(JSON.parse(state ?? '')).toEqual({
      queries: [{ key: ['events'], data: { title: '</script><script>alert(1)</script>' }, updatedAt: 1 }],
    });
    expect(html).not.toContain('<script>alert(1)');
  });

  it('asks the API with the visitor’s own cookies', async () => {
    const html = await (await server.fetch('/', { headers: { cookie } })).text();
    expect(html).toContain('for Nadia:');
  });

  it('renders event pages too, and the page of an event that is not there, with its 404', async () => {
    expect(await (await server.fetch(`/event/${eventId}`)).text()).toContain(
      `<p>Rendered /event/${eventId} for`,
    );
    // Its "Event Not Found" in the site's layout, read without JavaScript too (web/entry-server.tsx).
    const missing = await server.fetch('/event/AAAAAAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"><p>Rendered /event/AAAAAAAAAAAAAAAA for');
    // Its calendar file is no page: a 404 with nothing rendered.
    const before = rendersIn(dir);
    expect((await server.fetch('/event/AAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect(rendersIn(dir)).toBe(before);
  });

  it('renders an address that is no page of the app as its "Page not found", with a 404', async () => {
    for (const path of ['/nowhere', '/events/x']) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain(`<div id="root"><p>Rendered ${path} (not found) for visitor:`);
    }
    // HEAD asks for no page: nothing is rendered for it.
    const before = rendersIn(dir);
    expect((await server.fetch('/nowhere', { method: 'HEAD' })).status).toBe(404);
    expect(rendersIn(dir)).toBe(before);
  });

  it('leaves files and API answers alone', async () => {
    const before = rendersIn(dir);
    expect((await server.fetch('/api/events')).headers.get('content-type')).toContain('application/json');
    expect((await server.fetch('/api/nowhere')).status).toBe(404);
    expect(rendersIn(dir)).toBe(before);
  });

  it('sends the plain page, with a 200, when rendering fails or declines', async () => {
    for (const path of ['/?fail', '/?decline', `/event/${eventId}?fail`]) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).toContain('<noscript>');
      expect(html, path).not.toContain('ssr-state');
    }
  });

  it('puts the build’s style sheet into the pages it renders, so their first paint waits for no file', async () => {
    const rendered = await (await server.fetch('/')).text();
    expect(rendered).toContain('<style>body{color:#111}</style>');
    expect(rendered).not.toContain('rel="stylesheet"');
    // Pages the browser renders keep the linked (cached) file.
    for (const path of ['/?fail', '/?decline']) {
      const plain = await (await server.fetch(path)).text();
      expect(plain, path).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
      expect(plain, path).not.toContain('<style>');
    }
  });

  it('is a hook of the rendered pages’ routes only, run before the listing cache keeps their answer', () => {
    const hooks = onSendHooksByRoute(server.app);
    const pages = Object.values(RENDERED_PAGES).map((route) => `GET ${route}`);
    expect(pages).toContain('GET /about');
    for (const route of pages) {
      const list = hooks.get(route) ?? '';
      expect(list, route).toContain('"renderPage()"');
      // The listing micro-cache's hook comes after it, so the rendered page is what it keeps.
      expect(list, route).toContain('"onSend()"');
      expect(list.indexOf('"renderPage()"'), list).toBeLessThan(list.indexOf('"onSend()"'));
    }
    const others = [...hooks].filter(([key]) => !pages.includes(key));
    expect(others.map(([key]) => key)).toContain('GET /api/health');
    expect(others.filter(([, list]) => list.includes('renderPage'))).toEqual([]);
  });
});

describe('preload hints for the event page’s code', () => {
  it('lists the page chunk and what it imports, once, and adds only what the page lacks', () => {
    const dir = makeBuild(null);
    try {
      const assets = join(dir, 'web', 'assets');
      writeFileSync(
        join(assets, 'EventDetailPage-x1.js'),
        'import{a as b}from"./shared-s1.js";import{c}from"./index-abc.js";import{d}from"./shared-s1.js";export{b}',
      );
      const links = pageChunkPreloads(join(dir, 'web'), 'EventDetailPage');
      expect(links).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/EventDetailPage-x1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/shared-s1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/index-abc.js">',
      ]);
      const page = addPreloads(TEMPLATE, links);
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/EventDetailPage-x1.js">');
      // The entry script is loaded already.
      expect(page).not.toContain('href="/assets/index-abc.js"');
      expect(pageChunkPreloads(join(dir, 'web'), 'NoSuchPage')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('without a usable renderer', () => {
  it('serves the plain page when the build has no renderer, or a broken one', async () => {
    for (const renderer of [null, 'export const nothing = 1;', 'this is not JavaScript']) {
      const dir = makeBuild(renderer);
      const server = await startTestServer({ webRoot: join(dir, 'web') });
      try {
        const res = await server.fetch('/');
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('<div id="root"></div>');
        expect((await server.fetch('/api/health')).status).toBe(200);
      } finally {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('a renderer with first-screen style sheets (web/critical.css, web/critical-event.css)', () => {
  let dir: string;
  let server: TestServer;
  let eventId: string;

  beforeAll(async () => {
    dir = makeBuild(
      `${RENDERER}\nexport const criticalCss = { list: 'main{color:#222}', month: 'main{color:#333}', event: 'main{color:#444}' };\n`,
    );
    server = await startTestServer({ webRoot: join(dir, 'web') });
    eventId = (await createEvent(server.store, { title: 'Vigil' })).id;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('inlines the home page’s own sheet (list or month), or an event page’s, and links the whole one at the end of its body', async () => {
    for (const [path, css] of [
      ['/', 'main{color:#222}'],
      ['/?type=protest', 'main{color:#222}'],
      ['/?view=month', 'main{color:#333}'],
      [`/event/${eventId}`, 'main{color:#444}'],
    ] as const) {
      const page = await (await server.fetch(path)).text();
      expect(page.match(/<style>[^<]*<\/style>/g), path).toEqual([`<style>${css}</style>`]);
      const link = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">';
      expect(page.split(link), path).toHaveLength(2);
      expect(page.indexOf(link), path).toBeGreaterThan(page.indexOf('id="ssr-state"'));
      expect(page.indexOf(link), path).toBeLessThan(page.indexOf('</body>'));
    }
  });

  it('links the whole sheet in the head of every page it renders for someone signed in, and inlines none', async () => {
    const cookie = await sessionCookieFor(server.store, await createUser(server.store, { name: 'Huda' }));
    const link = '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">';
    for (const path of ['/', '/?view=month', `/event/${eventId}`, '/about', '/no-such-page']) {
      const page = await (await server.fetch(path, { headers: { cookie } })).text();
      expect(page, path).toContain('for Huda:');
      expect(page, path).not.toContain('<style>');
      expect(page.split(link), path).toHaveLength(2);
      expect(page.indexOf(link), path).toBeLessThan(page.indexOf('</head>'));
    }
  });

  it('inlines the whole sheet in every other page it renders, "Page not found" too', async () => {
    for (const path of ['/about', '/log', '/no-such-page']) {
      const page = await (await server.fetch(path)).text();
      expect(page, path).toContain('<style>body{color:#111}</style>');
      expect(page, path).not.toContain('main{color');
      expect(page, path).not.toContain('rel="stylesheet"');
    }
  });
});
