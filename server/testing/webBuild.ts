import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A stand-in build of the web app for server tests, laid out as the real one (scripts/build.mjs):
 * `web/index.html` (the shell's template), other files under `web/` by their path (a style sheet, Vite's
 * manifest), and `ssr/entry-server.js`, a stand-in server renderer, unless `renderer` is null. Returns
 * the folder (the server's webRoot is its `web`); the caller removes it.
 */
export function makeWebBuild(
  prefix: string,
  {
    template,
    renderer,
    files = {},
  }: { template: string; renderer: string | null; files?: Record<string, string> },
): string {
  const dir = mkdtempSync(join(tmpdir(), `palcal-${prefix}-`));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('web/index.html', template);
  for (const [path, text] of Object.entries(files)) write(join('web', path), text);
  if (renderer !== null) write('ssr/entry-server.js', renderer);
  return dir;
}

/**
 * For a stand-in renderer's source: `countRender()`, which notes one render in a file beside the
 * renderer and returns how many there have been. The renderer runs on a thread of its own
 * (server/html/renderThread.ts), so a test reads the count from there (`rendersIn`), not from a global.
 */
export const RENDER_COUNTER = `
import { appendFileSync, readFileSync } from 'node:fs';
const renderLog = new URL('./renders.log', import.meta.url);
function countRender() {
  appendFileSync(renderLog, '.');
  return readFileSync(renderLog, 'utf8').length;
}
`;

/** How many times the stand-in renderer of the build in `dir` has rendered (`RENDER_COUNTER`). */
export function rendersIn(dir: string): number {
  const log = join(dir, 'ssr', 'renders.log');
  return existsSync(log) ? readFileSync(log, 'utf8').length : 0;
}
