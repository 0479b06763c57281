import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonForScript } from './eventHead';
import type { RenderedPage } from './renderThread';
import { escapeHtml } from './shell';

const EMPTY_ROOT = '<div id="root"></div>';
const ROOT_OPEN = Buffer.from('<div id="root">');

/** True for a page whose #root is still the shell's empty one. */
export function hasEmptyRoot(html: string): boolean {
  return html.includes(EMPTY_ROOT);
}

/**
 * The shell page's head as a rendered page has it: the page's own title (when it says one), and no
 * <noscript> notice (the page reads without JavaScript).
 */
export function fillHead(page: string, title: string | null): string {
  return page
    .replace(/<title>[^<]*<\/title>/, (shell) => (title ? `<title>${escapeHtml(title)}</title>` : shell))
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
}

/**
 * The page's bytes with the rendered app in #root and the query cache it was rendered from beside it,
 * as JSON in a non-executable script (the CSP allows no inline script; `<` is escaped so no text can
 * close the tag). Done last, on bytes: the rendered markup (~50 KB) never joins the rest of the page in
 * one string, which each search over it would copy whole (issue 21: a third of what the server's thread
 * allocated for a page).
 */
export function fillRoot(page: Buffer, result: RenderedPage): Buffer {
  const at = page.indexOf(EMPTY_ROOT);
  if (at === -1) return page;
  const state = `<script type="application/json" id="ssr-state">${jsonForScript(result.state)}</script>`;
  return Buffer.concat([
    page.subarray(0, at),
    ROOT_OPEN,
    Buffer.from(result.html.buffer, result.html.byteOffset, result.html.byteLength),
    Buffer.from(`</div>\n    ${state}`),
    page.subarray(at + EMPTY_ROOT.length),
  ]);
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
