// The app's icons as one cached SVG sprite (issue 21): each `import { MapPin } from 'lucide-react'` in the
// web app gets, in the built app and its server renderer, a small component that draws
// `<svg class="icon"><use href="/assets/icons-<hash>.svg#map-pin"/></svg>` instead of the icon's own
// paths. A page's HTML then carries ~100 bytes per icon instead of ~450 (the home page shows about
// 80), React builds two elements per icon instead of four to six, and the first bundle drops
// lucide-react's renderer. The sprite holds only the icons the app imports, drawn from lucide-react's
// own icon data; the stroke styles every lucide icon has are one rule in web/styles.css (`.icon`).
// Components and their types stay written against lucide-react; unit tests (no Vite plugins) render
// the library's own icons.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const VIRTUAL_ID = '\0palcal-icon-sprite';
const BASE_ID = '\0palcal-icon-base';
const ICON_PREFIX = '\0palcal-icon:';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;

/** @typedef {[string, Record<string, string>][]} IconNode */

/** Every name the web app's source imports from lucide-react (types left out). */
/** @param {string} webRoot @returns {string[]} */
function importedNames(webRoot) {
  const names = new Set();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'locales') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const [, list = ''] of readFileSync(path, 'utf8').matchAll(IMPORT)) {
          for (const part of list.split(',')) {
            const name = part.trim();
            if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]?.trim() ?? name);
          }
        }
      }
    }
  };
  walk(webRoot);
  return [...names].sort();
}

/** lucide-react's export names → the icon module each comes from ('MapPin' → 'icons/map-pin.mjs'). */
function iconModules() {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('lucide-react/dist/esm/lucide-react.mjs'));
  const index = readFileSync(join(dir, 'lucide-react.mjs'), 'utf8');
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const [, list = '', file = ''] of index.matchAll(
    /export \{([^}]*)\} from '\.\/(icons\/[\w-]+\.mjs)'/g,
  )) {
    for (const [, name] of list.matchAll(/default as (\w+)/g)) if (name) files.set(name, file);
  }
  return { dir, files };
}

/** @param {string} value */
const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** @param {string} id @param {IconNode} node */
function symbol(id, node) {
  const children = node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
        .join('');
      return `<${tag}${attrs}/>`;
    })
    .join('');
  return `<symbol id="${id}" viewBox="0 0 24 24">${children}</symbol>`;
}

/** The sprite and the module that stands in for lucide-react, for the icons `webRoot` imports. */
/** @param {string} webRoot @returns {Promise<{ fileName: string; svg: string; code: string; modules: Map<string, string> }>} */
export async function buildIconSprite(webRoot) {
  const { dir, files } = iconModules();
  /** @type {{ name: string; id: string }[]} */
  const icons = [];
  /** @type {Map<string, string>} */
  const symbols = new Map();
  for (const name of importedNames(webRoot)) {
    const file = files.get(name);
    // Not an icon (LucideIcon, createLucideIcon, …): a type, or nothing this app uses at run time.
    if (!file) continue;
    /** @type {{ __iconData: { name: string; node: IconNode } }} */
    const module = await import(pathToFileURL(join(dir, file)).href);
    const { name: id, node } = module.__iconData;
    icons.push({ name, id });
    symbols.set(id, symbol(id, node));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${[...symbols.values()].join('')}</svg>`;
  const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 10);
  const fileName = `assets/icons-${hash}.svg`;
  const base = [
    "import { createElement, forwardRef } from 'react';",
    `const SPRITE = ${JSON.stringify(`/${fileName}#`)};`,
    '/**',
    ' * An icon of the sprite, stroked in the text colour (.icon): 24×24 unless its class sizes it (`size-4`,',
    ' * or a component class ending in `-icon`); then it carries no width and height (issue 21: a home',
    ' * page has ~80 icons).',
    ' */',
    'const SIZED = /(^|\\s)size-|-icon(\\s|$)/;',
    'export function icon(id) {',
    '  const Icon = forwardRef(function Icon({ className, children, size, strokeWidth, color, ...rest }, ref) {',
    '    return createElement(',
    "      'svg',",
    '      {',
    '        ref,',
    '        ...(size === undefined && className && SIZED.test(className) ? {} : { width: size ?? 24, height: size ?? 24 }),',
    "        className: className ? 'icon ' + className : 'icon',",
    "        ...(strokeWidth === undefined ? {} : { 'stroke-width': strokeWidth }),",
    '        ...(color === undefined ? {} : { stroke: color }),',
    '        ...rest,',
    '      },',
    '      children,',
    "      createElement('use', { href: SPRITE + id }),",
    '    );',
    '  });',
    '  Icon.displayName = id;',
    '  return Icon;',
    '}',
  ].join('\n');
  // lucide-react itself: one module per icon, re-exported by name, so each page's chunk carries the
  // icons it draws and no other (the first bundle held all 60).
  const code = icons
    .map(({ name, id }) => `export { default as ${name} } from ${JSON.stringify(ICON_PREFIX + id)};`)
    .join('\n');
  /** @type {Map<string, string>} */
  const modules = new Map(
    icons.map(({ id }) => [
      ICON_PREFIX + id,
      `import { icon } from ${JSON.stringify(BASE_ID)};\nexport default /* @__PURE__ */ icon(${JSON.stringify(id)});`,
    ]),
  );
  modules.set(BASE_ID, base);
  return { fileName, svg, code, modules };
}

/**
 * The Vite plugin: `lucide-react` resolves to the generated module; the browser build writes the sprite
 * beside the other assets (the server renderer's build only needs the same address, which the same
 * source gives it).
 */
/** @returns {import('vite').Plugin} */
export function iconSprite() {
  /** @type {Promise<{ fileName: string; svg: string; code: string; modules: Map<string, string> }> | null} */
  let sprite = null;
  let webRoot = '';
  let ssr = false;
  return {
    name: 'palcal-icon-sprite',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      webRoot = config.root;
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      sprite = buildIconSprite(webRoot);
      const { fileName, svg } = await sprite;
      if (!ssr) this.emitFile({ type: 'asset', fileName, source: svg });
    },
    resolveId(id) {
      if (id === 'lucide-react') return { id: VIRTUAL_ID, moduleSideEffects: false };
      return id === BASE_ID || id.startsWith(ICON_PREFIX) ? { id, moduleSideEffects: false } : null;
    },
    async load(id) {
      if (!sprite) return null;
      if (id === VIRTUAL_ID) return (await sprite).code;
      return (await sprite).modules.get(id) ?? null;
    },
  };
}
