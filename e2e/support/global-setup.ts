import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app built once for this run, in its own folder so parallel runs never collide. */
    webRoot: string;
  }
}

export default function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), 'palcal-web-'));
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_OUT_DIR: outDir },
  });
  project.provide('webRoot', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
