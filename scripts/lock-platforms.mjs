// Completes package-lock.json with the other platforms' optional binaries (Biome's CLI, Tailwind's
// oxide…) so that `npm ci` accepts it on any machine.
//
// Why: npm writes a lock entry only for packages it could resolve. A registry mirror that lacks some
// platforms' builds of the exact version (this project's build machine has such a mirror) leaves them
// out, and `npm ci` then refuses the lock ("Missing: @biomejs/cli-darwin-arm64@ from lock file").
// Each missing entry is added with the exact version its parent asks for and the os/cpu/libc that tell
// npm to skip it elsewhere, taken from the registry's metadata of that package (any version: they do
// not change) or, when the registry has none, from the package's name. These entries carry no integrity
// hash (the mirror cannot give one): a machine of that platform takes the registry's at install.
//
// Run after `npm install` changes a package with platform binaries: `node scripts/lock-platforms.mjs &&
// npm install` (the second puts the new entries in npm's own field order).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

function registryPlatform(name) {
  try {
    const out = execFileSync('npm', ['view', name, 'os', 'cpu', 'libc', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const meta = out.trim() ? JSON.parse(out) : {};
    return { os: meta.os, cpu: meta.cpu, libc: meta.libc };
  } catch {
    return null;
  }
}

/** From names such as `cli-linux-arm64-musl`, `oxide-win32-x64-msvc`, `oxide-wasm32-wasi`. */
function platformFromName(name) {
  const parts = name.split('/').pop().split('-');
  const os = ['linux', 'darwin', 'win32', 'android', 'freebsd'].find((p) => parts.includes(p));
  const cpu = ['x64', 'arm64', 'arm', 'ia32', 'wasm32'].find((p) => parts.includes(p));
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') && os === 'linux' ? 'glibc' : null;
  return { os: os ? [os] : undefined, cpu: cpu ? [cpu] : undefined, libc: libc ? [libc] : undefined };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = registryPlatform(dep) ?? platformFromName(dep);
    const fromName = platformFromName(dep);
    const item = { version, optional: true };
    if (entry.dev) item.dev = true;
    for (const key of ['os', 'cpu', 'libc']) {
      const value = platform[key] ?? fromName[key];
      if (value) item[key] = Array.isArray(value) ? value : [value];
    }
    packages[hoisted] = item;
    added++;
    console.log(
      `added ${hoisted}@${version} ${JSON.stringify({ os: item.os, cpu: item.cpu, libc: item.libc })}`,
    );
  }
}

lock.packages = Object.fromEntries(
  // npm's own order: the root first, then paths compared as it compares them.
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform entries added to ${LOCK}`);
