import { type Env, parseEnv } from '../env';
import { openDatabase, type Store } from '../store/db';
import { type AdminCommand, CliError } from './command';
import { COMMANDS } from './commands/index';

export interface RunOptions {
  /** Defaults to the process environment (DATABASE_URL…). */
  env?: Env;
  /** An open store to use (tests); otherwise DATABASE_URL is opened, migrated and closed. */
  store?: Store;
  out?: (line: string) => void;
  err?: (line: string) => void;
  commands?: AdminCommand[];
}

export function usage(commands: AdminCommand[] = COMMANDS): string {
  const width = Math.max(...commands.map((c) => `${c.name} ${c.args}`.length));
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    'Commands (run against DATABASE_URL):',
    ...commands.map((c) => `  ${`${c.name} ${c.args}`.padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  show this help`,
  ].join('\n');
}

/** Run one admin command; returns the process exit code (0 ok, 1 failed, 2 usage error). */
export async function runAdmin(argv: string[], options: RunOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const commands = options.commands ?? COMMANDS;
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    out(usage(commands));
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    err(`Unknown command "${name}".\n\n${usage(commands)}`);
    return 2;
  }
  let store = options.store;
  const ownStore = !store;
  try {
    const env = options.env ?? parseEnv();
    store ??= await openDatabase(env.DATABASE_URL);
    await command.run(args, { store, env, out });
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      err(error.message);
      return error.exitCode;
    }
    err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    if (ownStore && store) await store.close();
  }
}
