import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app built once for this run, in its own folder so parallel runs never collide. */
    webRoot: string;
  }
}

export default function setup(project: TestProject) {
  // <tmp>/web is the web app, <tmp>/ssr its server renderer (the server looks beside the web root).
  const buildDir = mkdtempSync(join(tmpdir(), 'palcal-web-'));
  const outDir = join(buildDir, 'web');
  buildWeb({ env: { ...process.env, WEB_OUT_DIR: outDir }, logLevel: 'error' });
  project.provide('webRoot', outDir);
  return () => rmSync(buildDir, { recursive: true, force: true });
}
