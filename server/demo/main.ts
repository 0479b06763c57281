import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from '../env';
import { serve } from '../serve';
import { migrateToLatest, openStore } from '../store/db';
import { seedDemo } from './seed';

/** `npm run demo`: the app on a throwaway database full of sample events, deleted on exit. */
async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'palcal-demo-'));
  const databaseUrl = `sqlite:${join(dir, 'demo.db')}`;
  const env = parseEnv({ ...process.env, DATABASE_URL: databaseUrl });
  const store = openStore(databaseUrl);
  await migrateToLatest(store.db);
  const counts = await seedDemo(store);
  const lines = [
    '',
    `Demo: ${counts.approved} published and ${counts.pending} pending sample events on a throwaway database.`,
    `Open ${env.PUBLIC_URL}`,
    '',
    'Sign in as (passwords are new for every run):',
    `  moderator  ${counts.accounts.moderator.email}  ${counts.accounts.moderator.password}`,
    `  user       ${counts.accounts.user.email}  ${counts.accounts.user.password}`,
    '',
  ];
  console.log(lines.join('\n'));
  await serve(env, { store, onStop: () => rmSync(dir, { recursive: true, force: true }) });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
