import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../common/i18n/languages';
import { msg } from '../../common/i18n/messages';
import type { Role } from '../../common/moderationEnums';
import { conflict } from '../errors';
import type { Database, UserRow } from '../store/schema';
import { getUserByEmail, insertUser, isUniqueViolation } from '../store/users';
import { hashSlots } from './hashSlots';

/**
 * Passwords are hashed with scrypt (memory-hard, built into Node) and stored in a PHC-style string that
 * carries its own parameters: `$scrypt$ln=15,r=8,p=3$<salt>$<hash>`. Raising the cost later only means
 * changing COST: old hashes still verify and are re-hashed at the next successful sign-in.
 *
 * N = 2^15, r = 8, p = 3 is one of OWASP's recommended scrypt settings (32 MiB per hash).
 */
export const COST = { ln: 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = '$scrypt$';

interface Params {
  ln: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // Node's default ceiling (32 MiB) is exactly one block short of what N=2^15, r=8 needs.
    maxmem: 128 * N * params.r * 2,
  };
  // Bounded: a burst of hashes must not take every libuv thread (server/auth/hashSlots.ts).
  return hashSlots.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string, params: Params = COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return `${PREFIX}ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface ParsedHash {
  params: Params;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  const params = { ln: Number(ln), r: Number(r), p: Number(p) };
  // Refuse parameters that would take the server down (a tampered row must not be a denial of service).
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) {
    return null;
  }
  return { params, salt: Buffer.from(salt ?? '', 'base64url'), key: Buffer.from(key ?? '', 'base64url') };
}

/** A hash of nothing anybody knows, verified against for unknown emails so timing reveals no account. */
let decoy: Promise<string> | null = null;
const decoyHash = () => {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
};

/**
 * Check a password against a stored hash in constant time. With no hash (unknown email, or an account
 * that signs in with Google only) the same work is done against a decoy and the answer is false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  const target = parsed ?? parseHash(await decoyHash());
  if (!target) return false;
  const key = await derive(password, target.salt, target.params);
  const same = key.length === target.key.length && timingSafeEqual(key, target.key);
  return parsed !== null && same;
}

/** True when a stored hash was made with weaker parameters than today's, so it should be redone. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { ln, r, p } = parsed.params;
  return ln < COST.ln || r < COST.r || p < COST.p;
}

/** Compute the decoy now (at boot) rather than during the first sign-in with an unknown email. */
export function warmUpPasswordHashing(): Promise<unknown> {
  return decoyHash();
}

export interface NewPasswordUser {
  name: string;
  email: string;
  password: string;
  role?: Role;
  /** The language of the sign-up (docs/PRODUCT.md#languages). */
  language?: Language | null;
}

export const EMAIL_IN_USE_MESSAGE = msg('auth.emailInUse');

/**
 * Create an account that signs in with email and password (sign-up, the demo seed, tests). Answers
 * 409 `auth/email-already-in-use` when the email (compared case-insensitively) is taken.
 */
export async function createPasswordUser(
  db: Kysely<Database>,
  input: NewPasswordUser,
  /** Runs in the transaction that creates the account (its verification email, docs/EMAIL.md). */
  onCreated?: (trx: Transaction<Database>, user: UserRow) => Promise<unknown>,
): Promise<UserRow> {
  // The answer below reveals the account anyway; checking first spares the hashing work.
  if (await getUserByEmail(db, input.email)) {
    throw conflict('auth/email-already-in-use', EMAIL_IN_USE_MESSAGE);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    // Hashed before the transaction: it holds the database for a few statements, not for the hashing.
    return await db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        name: input.name.trim(),
        email: input.email,
        passwordHash,
        role: input.role ?? 'user',
        language: input.language ?? null,
      });
      await onCreated?.(trx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('auth/email-already-in-use', EMAIL_IN_USE_MESSAGE);
    throw error;
  }
}
