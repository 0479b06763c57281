import type { Kysely } from 'kysely';
import type { Role } from '../../../common/enums';
import type { Database, UserRow } from '../../store/schema';
import { setUserRole } from '../../store/users';
import { type AdminCommand, CliError } from '../command';

/** Set a user's role by email. It applies at their next request: roles are read on every request. */
export async function setRoleByEmail(db: Kysely<Database>, email: string, role: Role): Promise<UserRow> {
  const user = await setUserRole(db, email, role);
  if (!user)
    throw new CliError(`No account with the email address "${email}". Check it with: npm run admin -- list`);
  return user;
}

export const promoteUser = (db: Kysely<Database>, email: string) => setRoleByEmail(db, email, 'moderator');
export const demoteUser = (db: Kysely<Database>, email: string) => setRoleByEmail(db, email, 'user');

function emailArgument(args: string[], command: string): string {
  const [email, ...rest] = args;
  if (!email || rest.length > 0) throw new CliError(`Usage: npm run admin -- ${command} EMAIL`, 2);
  return email;
}

export const promoteCommand: AdminCommand = {
  name: 'promote',
  args: 'EMAIL',
  summary: 'make the account with this email a moderator',
  async run(args, { store, out }) {
    const user = await promoteUser(store.db, emailArgument(args, 'promote'));
    out(`${user.email} is now a moderator.`);
  },
};

export const demoteCommand: AdminCommand = {
  name: 'demote',
  args: 'EMAIL',
  summary: 'make the account with this email a regular user again',
  async run(args, { store, out }) {
    const user = await demoteUser(store.db, emailArgument(args, 'demote'));
    out(`${user.email} is now a regular user.`);
  },
};
