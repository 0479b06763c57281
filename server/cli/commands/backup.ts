import { backupSqlite, restoreSqlite } from '../../store/backup';
import { type AdminCommand, CliError } from '../command';

const PG_HINT =
  'DATABASE_URL is PostgreSQL: use pg_dump and pg_restore (see docs/DEPLOY.md), which are made for it.';

/** `backup FILE`: an online, consistent copy of the SQLite database; the server may keep running. */
export const backupCommand: AdminCommand = {
  name: 'backup',
  args: 'FILE',
  summary: 'write a consistent copy of the SQLite database to FILE (safe while the server runs)',
  async run(args, { store, out }) {
    const [file] = args;
    if (!file || args.length > 1) throw new CliError('Usage: npm run admin -- backup FILE', 2);
    if (!store.sqlitePath || store.sqlitePath === ':memory:') throw new CliError(PG_HINT);
    try {
      backupSqlite(store.sqlitePath, file);
    } catch (error) {
      throw new CliError(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    out(`Backed up ${store.sqlitePath} to ${file}.`);
  },
};

/** `restore FILE`: replace the SQLite database with a backup. Stop the server first. */
export const restoreCommand: AdminCommand = {
  name: 'restore',
  args: 'FILE',
  summary: 'replace the SQLite database with the backup FILE (stop the server first)',
  async run(args, { store, out }) {
    const [file] = args;
    if (!file || args.length > 1) throw new CliError('Usage: npm run admin -- restore FILE', 2);
    const path = store.sqlitePath;
    if (!path || path === ':memory:') throw new CliError(PG_HINT);
    // Our own connection must be closed before the file is replaced.
    await store.close();
    try {
      const { previous } = restoreSqlite(path, file);
      out(`Restored ${path} from ${file}.`);
      if (previous) out(`The database it replaced is kept as ${previous}.`);
    } catch (error) {
      throw new CliError(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
};
