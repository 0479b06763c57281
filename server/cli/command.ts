import type { Env } from '../env';
import type { Store } from '../store/db';

/** What every admin command gets: the database named by DATABASE_URL, the env, and where to write. */
export interface CliContext {
  store: Store;
  env: Env;
  out: (line: string) => void;
}

/** One `npm run admin -- <name> …` command. Add one to server/cli/commands/index.ts to make it available. */
export interface AdminCommand {
  name: string;
  /** Arguments as shown in the usage line, e.g. 'EMAIL'. */
  args: string;
  summary: string;
  run(args: string[], ctx: CliContext): Promise<void>;
}

/** A failure the operator can fix (unknown email, missing argument): printed plainly, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
