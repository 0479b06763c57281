// `npm run admin -- <command>`: build the admin command if it is missing or older than the sources,
// then run it with the same arguments and environment (DATABASE_URL…). See server/cli/.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { newestSourceMtime, SERVER_BUILD_OPTIONS } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminJs = join(root, 'dist/server/admin.js');

const built = statSync(adminJs, { throwIfNoEntry: false });
if (!built || built.mtimeMs < newestSourceMtime()) {
  // Only the admin entry (same options as scripts/build.mjs): a second, not a full web build.
  await build({ entryPoints: { admin: join(root, 'server/cli/admin.ts') }, ...SERVER_BUILD_OPTIONS });
}

const result = spawnSync(process.execPath, ['--enable-source-maps', adminJs, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
