// Build the web app and its server renderer (Vite) and the server and admin command (esbuild) into dist/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, 'dist', '.build-stamp');

/** Newest modification time among the sources a build depends on. */
export function newestSourceMtime() {
  let newest = 0;
  const walk = (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
        walk(join(path, entry));
      }
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const p of ['common', 'server', 'web', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs']) {
    walk(join(root, p));
  }
  return newest;
}

/** esbuild's options for the server's entry points (dist/server/), shared with scripts/admin.mjs. */
export const SERVER_BUILD_OPTIONS = {
  outdir: join(root, 'dist/server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

export function buildIsCurrent() {
  const stamp = statSync(stampFile, { throwIfNoEntry: false });
  const server = statSync(join(root, 'dist/server/main.js'), { throwIfNoEntry: false });
  const web = statSync(join(root, 'dist/web/index.html'), { throwIfNoEntry: false });
  const renderer = statSync(join(root, 'dist/ssr/entry-server.js'), { throwIfNoEntry: false });
  return Boolean(stamp && server && web && renderer && stamp.mtimeMs >= newestSourceMtime());
}

export async function buildAll({ quiet = false } = {}) {
  const started = Date.now();
  if (!quiet) console.log('Building the web app…');
  buildWeb({ env: process.env });
  if (!quiet) console.log('Building the server…');
  await build({
    entryPoints: {
      main: join(root, 'server/main.ts'),
      admin: join(root, 'server/cli/admin.ts'),
      demo: join(root, 'server/demo/main.ts'),
    },
    ...SERVER_BUILD_OPTIONS,
  });
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, new Date().toISOString());
  if (!quiet) console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * The web app into WEB_OUT_DIR (default dist/web), then its server renderer (web/entry-server.tsx)
 * into the folder beside it (dist/ssr), which the server loads to render the pages visitors land on.
 */
export function buildWeb({ env = process.env, logLevel = 'warn' } = {}) {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  // Always the production build, also when called from a test run (NODE_ENV=test would make the JSX
  // development JSX, which the production React bundled into the renderer does not have).
  env = { ...env, NODE_ENV: 'production' };
  for (const args of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    execFileSync(process.execPath, [vite, ...args, '--logLevel', logLevel], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildAll();
}
