import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CriticalCss, RenderResult, render } from '../../web/entry-server';
import { jsonForScript } from './eventHead';
import { escapeHtml } from './shell';

/** What the server renderer bundle (web/entry-server.tsx built with `vite build --ssr`) exports. */
export interface PageRenderer {
  render: typeof render;
  /**
   * The first-screen style sheets: the home page's (web/critical.css) for its list and its month view,
   * and an event page's; null when this build has none (or one holding a `</style`).
   */
  criticalCss: CriticalCss | null;
}

/** Where the build puts the renderer: beside the web build, never inside the folder the server publishes. */
export function rendererPath(webRoot: string): string {
  return join(webRoot, '..', 'ssr', 'entry-server.js');
}

/** The renderer built for this web app, or null when there is none (API-only servers, a partial build). */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | null> {
  const path = rendererPath(webRoot);
  if (!existsSync(path)) return null;
  const module = (await import(pathToFileURL(path).href)) as Partial<PageRenderer>;
  if (typeof module.render !== 'function') throw new Error(`${path} exports no render function`);
  const critical = (module as { criticalCss?: Partial<Record<keyof CriticalCss, unknown>> }).criticalCss;
  // A sheet that could end its own <style> early is never inlined (checked once, here).
  const inlinable = (sheet: unknown): sheet is string =>
    typeof sheet === 'string' && !/<\/style/i.test(sheet);
  const criticalCss =
    inlinable(critical?.list) && inlinable(critical?.month) && inlinable(critical?.event)
      ? { list: critical.list, month: critical.month, event: critical.event }
      : null;
  return { render: module.render, criticalCss };
}

const EMPTY_ROOT = '<div id="root"></div>';

/** True for a page whose #root is still the shell's empty one. */
export function hasEmptyRoot(html: string): boolean {
  return html.includes(EMPTY_ROOT);
}

/**
 * The shell page with the rendered app in #root and the query cache it was rendered from beside it,
 * as JSON in a non-executable script (the CSP allows no inline script; `<` is escaped so no text can
 * close the tag). The <noscript> notice goes: the page reads without JavaScript.
 */
export function fillRoot(page: string, result: RenderResult): string {
  const state = `<script type="application/json" id="ssr-state">${jsonForScript(result.state)}</script>`;
  const title = result.title;
  return page
    .replace(/<title>[^<]*<\/title>/, (shell) => (title ? `<title>${escapeHtml(title)}</title>` : shell))
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(EMPTY_ROOT, () => `<div id="root">${result.html}</div>\n    ${state}`);
}

/**
 * `<link rel="modulepreload">` tags for a lazily loaded page's chunk and the chunks it imports, found in
 * the build by the page's file name (Vite names a chunk after its module). web/main.tsx loads that code
 * before it hydrates, so hinting it in the HTML lets the browser fetch it beside the entry script.
 * Empty when the build has no such chunk.
 */
export function pageChunkPreloads(webRoot: string, page: string): string[] {
  const assets = join(webRoot, 'assets');
  const chunk = existsSync(assets)
    ? readdirSync(assets).find((name) => name.startsWith(`${page}-`) && name.endsWith('.js'))
    : undefined;
  if (!chunk) return [];
  const code = readFileSync(join(assets, chunk), 'utf8');
  const imports = [...code.matchAll(/\bfrom\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1] ?? '');
  return [chunk, ...new Set(imports)]
    .filter((name) => name !== '')
    .map((name) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`);
}

/** The page with these preload tags in its head, leaving out files it already loads or preloads. */
export function addPreloads(page: string, links: string[]): string {
  const missing = links.filter((link) => !page.includes(`"${/href="([^"]+)"/.exec(link)?.[1]}"`));
  return missing.length === 0
    ? page
    : page.replace('</head>', () => `  ${missing.join('\n    ')}\n  </head>`);
}
