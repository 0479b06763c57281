import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { Language } from '../../common/i18n/languages';
import { msg } from '../../common/i18n/messages';
import { LIMITS } from '../../common/limits';
import { emailSchema } from '../../common/schemas/auth';
import { withoutRefusedCharacters } from '../../common/text';
import type { Env } from '../env';
import { AppError, googleError, unauthenticated } from '../errors';
import { findUnstorableText } from '../storableText';
import type { Database, UserRow } from '../store/schema';
import {
  getUserByEmail,
  getUserByGoogleSub,
  getUserById,
  insertUser,
  isUniqueViolation,
} from '../store/users';
import type { Actor } from './actor';
import { deleteEmailTokens } from './emailTokens';
import { markSessionReauthenticated, REAUTHENTICATION_WINDOW_MS } from './sessions';

/**
 * Google sign-in: OpenID Connect authorization code flow with PKCE, state and nonce, done by
 * `openid-client` (discovery, token exchange, ID token signature and claim checks). What is ours: the
 * short-lived flow cookie and turning verified claims into an account.
 */

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
export const FLOW_COOKIE = 'oidc_flow';
/** A sign-in has this long between "Continue with Google" and coming back. */
// The refusals of this flow are `googleError` in server/errors.ts (re-exported for its tests).
export { googleError };

export const FLOW_TTL_MS = 10 * 60_000;

export const googleCallbackUrl = (env: Env): string => `${env.PUBLIC_URL}${GOOGLE_CALLBACK_PATH}`;

/** The longest start of `text` within `max` UTF-16 units that does not split a character. */
function cutTo(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/** An OpenID Connect subject: at most 255 printable ASCII characters. */
const SUBJECT = /^[\x21-\x7e]{1,255}$/;

// --- The flow cookie: state, nonce and PKCE verifier, encrypted and authenticated by the server ---

export interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  expiresAt: number;
  /**
   * Set when the flow confirms who a signed-in person is (re-authentication before deleting the account,
   * docs/PRODUCT.md#deleting-an-account), with whom it was started for. Absent for a sign-in. Kept here,
   * sealed, so nothing the browser sends can turn a sign-in into a re-authentication or the reverse.
   */
  reauthenticate?: { userId: string };
}

/**
 * AES-256-GCM with a key derived from GOOGLE_CLIENT_SECRET: a secret only the servers hold, the same on
 * every app server and across restarts. The browser carries the record but can neither read nor forge it.
 */
function flowKey(env: Env): Buffer {
  return Buffer.from(hkdfSync('sha256', env.GOOGLE_CLIENT_SECRET, 'palcal', 'oidc-flow-cookie v1', 32));
}

export function sealFlow(env: Env, flow: Flow): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', flowKey(env), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openFlow(env: Env, sealed: string | undefined, now = Date.now()): Flow | null {
  if (!sealed || sealed.length > 2000) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', flowKey(env), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const flow = JSON.parse(text) as Flow;
    if (typeof flow.expiresAt !== 'number' || flow.expiresAt <= now) return null;
    if (flow.reauthenticate !== undefined && typeof flow.reauthenticate?.userId !== 'string') return null;
    return flow;
  } catch {
    return null;
  }
}

// --- The OpenID Connect client ---

/** One client per app: discovery runs at the first use and is retried after a failure. */
export class GoogleClient {
  private config: Promise<oidc.Configuration> | null = null;

  constructor(private readonly env: Env) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      const issuer = new URL(this.env.GOOGLE_ISSUER);
      const insecure = issuer.protocol === 'http:';
      this.config = oidc
        .discovery(
          issuer,
          this.env.GOOGLE_CLIENT_ID,
          this.env.GOOGLE_CLIENT_SECRET,
          undefined,
          // Plain http only for a local test provider; Google itself is always https.
          insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
        )
        .catch((error: unknown) => {
          this.config = null;
          throw error;
        });
    }
    return this.config;
  }

  /**
   * The provider URL to send the pop-up to, and the sealed flow record for the cookie. A sign-in lets the
   * person pick an account (`prompt=select_account`); a re-authentication (`reauthenticate`) makes Google
   * ask for their credentials again (`prompt=login`, `max_age=0`) whatever session Google holds.
   */
  async start(
    options: { reauthenticate?: { userId: string } } = {},
    now = Date.now(),
  ): Promise<{ url: string; sealedFlow: string }> {
    const config = await this.configuration();
    const flow: Flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      expiresAt: now + FLOW_TTL_MS,
      ...(options.reauthenticate ? { reauthenticate: { userId: options.reauthenticate.userId } } : {}),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: googleCallbackUrl(this.env),
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
      ...(flow.reauthenticate ? { prompt: 'login', max_age: '0' } : { prompt: 'select_account' }),
    });
    return { url: url.href, sealedFlow: sealFlow(this.env, flow) };
  }

  /**
   * Exchange the code and return the verified ID token's claims. `flow` is the opened flow cookie (null
   * when absent, expired or forged). Throws an AppError.
   */
  async finish(query: string, flow: Flow | null): Promise<oidc.IDToken> {
    const params = new URLSearchParams(query);
    const error = params.get('error');
    if (error === 'access_denied') throw googleError.cancelled();
    if (error) throw googleError.provider();
    if (!flow) throw googleError.invalidState();
    const config = await this.configuration().catch(() => {
      throw googleError.provider(msg('google.unreachable'));
    });
    const currentUrl = new URL(googleCallbackUrl(this.env));
    currentUrl.search = params.toString();
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw googleError.provider();
      return claims;
    } catch (caught) {
      if (caught instanceof AppError) throw caught;
      // State mismatch, a replayed code, a bad signature…: none of it is the person's fault or fixable.
      throw googleError.provider();
    }
  }
}

// --- Claims → account ---

/**
 * The account for verified Google claims. First sign-in creates it (name and email from the ID token).
 * An account with the same email that never proved it owns that address (a password sign-up whose
 * link was never opened) is taken over: whoever made it may not be the address's owner, and Google
 * says this person is (docs/EMAIL.md). Any other account with that email is refused: it proved the
 * address, signs in another way, and linking silently would let whoever controls the Google account in.
 */
export async function userForGoogleClaims(
  db: Kysely<Database>,
  claims: oidc.IDToken,
  /** The language of the sign-in, kept by an account it creates (docs/PRODUCT.md#languages). */
  language: Language | null = null,
): Promise<UserRow> {
  // The provider's claims are input like any other: a subject is printable ASCII (OpenID Connect says
  // so), an email passes the sign-up rules (docs/SECURITY.md). A NUL must never reach PostgreSQL.
  if (!SUBJECT.test(claims.sub)) throw googleError.provider();
  const linked = await getUserByGoogleSub(db, claims.sub);
  if (linked) return linked;
  if (claims.email === undefined || claims.email === null || claims.email === '')
    throw googleError.provider(msg('google.noEmail'));
  const parsedEmail = emailSchema.safeParse(claims.email);
  if (!parsedEmail.success || findUnstorableText(parsedEmail.data))
    throw googleError.provider(msg('google.unusableEmail'));
  const email = parsedEmail.data;
  if (claims.email_verified !== true) throw googleError.unverifiedEmail();
  const existing = await getUserByEmail(db, email);
  if (existing) {
    if (existing.email_verified_at !== null || existing.google_sub !== null)
      throw googleError.accountExists();
    return takeOverUnprovedAccount(db, existing, claims.sub);
  }
  // A name we cannot refuse (it is Google's): what cannot be stored or shown safely is left out.
  const given = typeof claims.name === 'string' ? withoutRefusedCharacters(claims.name).trim() : '';
  const name = cutTo(given || email.split('@')[0] || email, LIMITS.nameMax).trim();
  try {
    return await insertUser(db, {
      name,
      email,
      googleSub: claims.sub,
      role: 'user',
      emailVerifiedAt: Date.now(),
      language,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two pop-ups finishing at once for the same person: the other one created the account.
    const raced = await getUserByGoogleSub(db, claims.sub);
    if (raced) return raced;
    throw googleError.accountExists();
  }
}

/**
 * Give the address's proved owner (per Google) the account someone opened with it: linked to this
 * Google identity, its password voided, every session of it ended, its pending links gone, the address
 * proved; all in one transaction. Its name and history stay (most often it is the same person, who
 * signed up with a password and never opened the link).
 */
async function takeOverUnprovedAccount(db: Kysely<Database>, user: UserRow, sub: string): Promise<UserRow> {
  const now = Date.now();
  const taken = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ google_sub: sub, password_hash: null, email_verified_at: now })
      .where('id', '=', user.id)
      .where('email_verified_at', 'is', null)
      .where('google_sub', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await deleteEmailTokens(trx, user.id);
    return true;
  });
  if (taken) return { ...user, google_sub: sub, password_hash: null, email_verified_at: now };
  // The address was proved meanwhile, or another pop-up of this person took it over first.
  const raced = await getUserByGoogleSub(db, sub);
  if (raced) return raced;
  throw googleError.accountExists();
}

// --- Claims → re-authentication ---

/**
 * A re-authentication came back (docs/PRODUCT.md#deleting-an-account): the person signed in to Google
 * again. It counts only for the account that started it, still signed in on this browser, and only when
 * Google's subject is the one linked to that account; then this session is marked re-authenticated.
 * Google does not promise `auth_time` (its discovery lists no such claim, so openid-client's `maxAge`
 * check, which requires it, is not used); when present it must be recent. Throws an AppError.
 */
export async function confirmReauthentication(
  db: Kysely<Database>,
  input: {
    claims: oidc.IDToken;
    flow: Flow & { reauthenticate: { userId: string } };
    /** Who this browser is signed in as now, and its session cookie's token. */
    actor: Actor | null;
    sessionToken: string | undefined;
  },
  now = Date.now(),
): Promise<void> {
  const { claims, flow, actor, sessionToken } = input;
  if (!actor || !sessionToken) throw unauthenticated();
  // Signed out and in as someone else since the flow started: it was not this person's confirmation.
  if (actor.id !== flow.reauthenticate.userId) throw googleError.invalidState();
  const user = await getUserById(db, actor.id);
  if (!user) throw unauthenticated();
  if (user.google_sub === null) throw googleError.notLinked();
  if (claims.sub !== user.google_sub) throw googleError.otherAccount();
  if (typeof claims.auth_time === 'number' && now - claims.auth_time * 1000 > REAUTHENTICATION_WINDOW_MS) {
    throw googleError.staleAuthentication();
  }
  if (!(await markSessionReauthenticated(db, sessionToken, user.id, now))) throw unauthenticated();
}
