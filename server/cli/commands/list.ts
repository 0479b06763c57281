import { listUsers } from '../../store/users';
import { type AdminCommand, CliError } from '../command';
import { terminalText } from '../terminalText';

/** Every account: role, email, name, how it signs in, and when it was created. Moderators first. */
export const listCommand: AdminCommand = {
  name: 'list',
  args: '',
  summary: 'list accounts (moderators first)',
  async run(args, { store, out }) {
    if (args.length > 0) throw new CliError('Usage: npm run admin -- list', 2);
    const users = await listUsers(store.db);
    if (users.length === 0) {
      out('No accounts yet.');
      return;
    }
    // People's text escaped: a name must not forge a row or hide another (server/cli/terminalText.ts).
    const rows = users.map((u) => [
      u.role,
      terminalText(u.email),
      terminalText(u.name),
      [u.password_hash ? 'password' : '', u.google_sub ? 'google' : ''].filter(Boolean).join('+') || '-',
      new Date(u.created_at).toISOString().slice(0, 10),
    ]);
    const header = ['ROLE', 'EMAIL', 'NAME', 'SIGN-IN', 'CREATED'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd();
    out(line(header));
    for (const row of rows) out(line(row));
    out(`${users.length} account${users.length === 1 ? '' : 's'}.`);
  },
};
