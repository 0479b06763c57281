import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '../../common/i18n/languages';
import type { Role } from '../../common/moderationEnums';
import { newId } from './ids';
import type { Database, UserRow } from './schema';

export async function getUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_lc', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash?: string | null;
  googleSub?: string | null;
  role?: Role;
  /** When the address was proved (Google accounts: at creation); null or absent when not yet. */
  emailVerifiedAt?: number | null;
  /** The language the person signed up in (docs/PRODUCT.md#languages). */
  language?: Language | null;
}

export async function insertUser(db: Kysely<Database>, u: NewUser): Promise<UserRow> {
  const row: UserRow = {
    id: newId(),
    name: u.name,
    email: u.email.trim(),
    email_lc: u.email.trim().toLowerCase(),
    password_hash: u.passwordHash ?? null,
    google_sub: u.googleSub ?? null,
    role: u.role ?? 'user',
    created_at: Date.now(),
    email_verified_at: u.emailVerifiedAt ?? null,
    deleted_at: null,
    language: u.language ?? null,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function setUserRole(
  db: Kysely<Database>,
  email: string,
  role: Role,
): Promise<UserRow | undefined> {
  const user = await getUserByEmail(db, email);
  if (!user) return undefined;
  await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
  return { ...user, role };
}

export async function getUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The shown name ("Name or nickname", docs/PRODUCT.md#your-account); already validated and trimmed. */
export async function setUserName(db: Kysely<Database>, userId: string, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
}

/** The account's language, when it has a valid one (docs/PRODUCT.md#languages). */
export const languageOf = (user: Pick<UserRow, 'language'>): Language | null =>
  isLanguage(user.language) ? user.language : null;

/** Remember the person's choice of language; writes only when it changes (a read costs less). */
export async function setUserLanguage(
  db: Kysely<Database>,
  userId: string,
  language: Language,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ language })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', language)]))
    .execute();
}

// --- Sign-in by Google, passwords, the admin command ---

export async function getUserByGoogleSub(db: Kysely<Database>, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Every account, moderators first, then by email (the admin command's `list`); deleted ones are none. */
export async function listUsers(db: Kysely<Database>): Promise<UserRow[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('email_lc')
    .execute();
  return rows.sort((a, b) => Number(b.role === 'moderator') - Number(a.role === 'moderator'));
}

/** A unique-constraint failure on SQLite or PostgreSQL (e.g. two sign-ups racing for one email). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
