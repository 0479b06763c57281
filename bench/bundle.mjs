// What weighs in the home page's first load: a source-map-based breakdown of the entry chunk and its
// static imports by npm package (or app folder), in gzipped bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeVlq(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    let digit = B64.indexOf(ch);
    const more = digit & 32;
    digit &= 31;
    value += digit << shift;
    if (more) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Where a source file belongs: its npm package, or its folder in this repository. */
function ownerOf(source) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const app = /(web|common)\/(?:features\/)?([^/]+)/.exec(source);
  return app ? `app: ${app[1]}/${app[2]}` : source;
}

/** Characters of generated code per owner in one chunk, from its source map. */
function attribute(code, map, into) {
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    const segments = line.split(',').filter(Boolean).map(decodeVlq);
    let column = 0;
    segments.forEach((seg, i) => {
      column += seg[0];
      if (seg.length > 1) source += seg[1];
      const end = i + 1 < segments.length ? column + segments[i + 1][0] : text.length;
      const owner = ownerOf(map.sources[source] ?? '?');
      into.set(owner, (into.get(owner) ?? '') + text.slice(column, end));
    });
  });
}

/** Build the web app with source maps into `outDir` and break its first load down by owner. */
export function firstLoadBreakdown(root, outDir) {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--sourcemap', '--logLevel', 'error'],
    {
      cwd: root,
      env: { ...process.env, WEB_OUT_DIR: outDir },
      stdio: 'ignore',
      timeout: 300_000,
    },
  );
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const byOwner = new Map();
  for (const file of files) {
    const path = join(outDir, file.replace(/^\//, ''));
    const code = readFileSync(path, 'utf8');
    if (existsSync(`${path}.map`)) attribute(code, JSON.parse(readFileSync(`${path}.map`, 'utf8')), byOwner);
    else byOwner.set('bundler runtime', (byOwner.get('bundler runtime') ?? '') + code);
  }
  // Gzip each owner's code on its own: an approximation (shared dictionaries are lost), but it ranks well.
  return [...byOwner.entries()]
    .map(([owner, code]) => ({ owner, raw: code.length, gzip: gzipSync(code, { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
}
