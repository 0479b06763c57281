import type { Kysely } from 'kysely';
import type { Role } from '../../../common/moderationEnums';
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

/** `promote EMAIL` / `demote EMAIL`: one command per role an operator gives. */
function roleCommand(name: string, role: Role, summary: string, becomes: string): AdminCommand {
  return {
    name,
    args: 'EMAIL',
    summary,
    async run(args, { store, out }) {
      const user = await setRoleByEmail(store.db, emailArgument(args, name), role);
      out(`${user.email} is now ${becomes}.`);
    },
  };
}

export const promoteCommand = roleCommand(
  'promote',
  'moderator',
  'make the account with this email a moderator',
  'a moderator',
);
export const demoteCommand = roleCommand(
  'demote',
  'user',
  'make the account with this email a regular user again',
  'a regular user',
);
