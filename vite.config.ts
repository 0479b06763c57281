import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { iconSprite } from './scripts/iconSprite.mjs';

/**
 * Write .br and .gz beside every built script, style sheet and SVG, so a server or proxy can send
 * them as they are (@fastify/static `preCompressed: true`, nginx `gzip_static on`) instead of
 * compressing on every request. Hashed assets never change, so this happens once per build.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'palcal-precompress',
    apply: 'build',
    configResolved(config) {
      // The server-rendering bundle is read from disk by Node, never sent to a browser.
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const bytes = readFileSync(join(assets, name));
        if (bytes.length < 1024) continue;
        writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(
          join(assets, `${name}.br`),
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const webOutDir = process.env.WEB_OUT_DIR ?? '../dist/web';

// The web app lives in web/; the server serves the build from dist/web (or WEB_OUT_DIR for test runs).
// `vite build --ssr entry-server.tsx` builds the server renderer of the same app into the folder
// beside it, `<web build>/../ssr` (dist/ssr): outside what the server publishes. Everything is bundled
// into it (no bare imports), so it runs from any folder, a temporary test build included.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [iconSprite(), react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: resolve(import.meta.dirname, 'web/lib/useSyncExternalStoreShim.ts'),
      },
    ],
  },
  ssr: { noExternal: true, target: 'node' },
  // The bundled React must be its production build on the server too (the variable is not set there).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    outDir: isSsrBuild ? join(webOutDir, '..', 'ssr') : webOutDir,
    emptyOutDir: true,
    target: isSsrBuild ? 'node22' : 'es2022',
    // The renderer carries the critical style sheet (web/critical.css) inlined in pages: minified, and
    // for the same browsers as the whole sheet (colours the same to the digit: the two overlap).
    cssMinify: true,
    cssTarget: 'es2022',
    // Placeholders in index.html (%TITLE% etc.) are filled in by the server.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: where each language's catalogs went, for the server's preload hints.
    manifest: !isSsrBuild,
    // Everything the first page needs in one script (the entry and its static imports): one request,
    // and one compression dictionary for all of it, instead of several small chunks; pages, dialogs
    // and other languages' catalogs stay chunks of their own, fetched when used.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
