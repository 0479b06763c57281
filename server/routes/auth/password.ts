import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { msg } from '../../../common/i18n/messages';
import { LIMITS } from '../../../common/limits';
import { AUTH_MESSAGES, type AuthSuccess, signInSchema, signUpSchema } from '../../../common/schemas/auth';
import { clearSessionCookie } from '../../auth/cookies';
import {
  createPasswordUser,
  hashPassword,
  needsRehash,
  verifyPassword,
  warmUpPasswordHashing,
} from '../../auth/passwords';
import { AUTH_RATE_RULES } from '../../auth/rateLimits';
import { deleteSession, SESSION_COOKIE } from '../../auth/sessions';
import { beginSession } from '../../auth/signIn';
import type { AppContext } from '../../context';
import { type AppError, authError, validationFailed } from '../../errors';
import { rateLimitSubject } from '../../http/clientAddress';
import { queueAccountMail } from '../../mail/notify';
import { Outbox } from '../../mail/outbox';
import { enforceRateLimit } from '../../rateLimit';
import { assertStorableText } from '../../storableText';
import { getUserByEmail, setPasswordHash } from '../../store/users';

export const INVALID_CREDENTIAL_MESSAGE = msg('auth.invalidCredential');
export const WEAK_PASSWORD_MESSAGE = msg('auth.weakPassword', { min: LIMITS.passwordMin });
export const INVALID_EMAIL_MESSAGE = msg('auth.invalidEmail');

const invalidCredential = () => authError.invalidCredential(INVALID_CREDENTIAL_MESSAGE);

/**
 * Sign-up validation with the codes of docs/PRODUCT.md#sign-in-messages: a malformed email is `auth/invalid-email`, a short password
 * `auth/weak-password` (docs/PRODUCT.md#sign-in-messages); anything else `validation_failed`. Field
 * messages (docs/PRODUCT.md#form-messages) ride along.
 */
function signUpValidationError(error: ZodError): AppError {
  const base = validationFailed(error);
  const fields = base.fields ?? {};
  if (fields.email === AUTH_MESSAGES.emailInvalid) {
    return authError.invalidEmail(INVALID_EMAIL_MESSAGE, fields);
  }
  if (fields.password === AUTH_MESSAGES.passwordTooShort) {
    return authError.weakPassword(WEAK_PASSWORD_MESSAGE, fields);
  }
  return base;
}

/** The one subject of the server-wide allowance: every password attempt counts against it. */
export const PASSWORD_ALL = 'all';

/** Rate-limit subject for an account: the normalised email, so case games do not reset the count. */
const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Sign-up and sign-in, for the JSON API and the plain forms of /auth (server/routes/auth/forms.ts) alike:
 * each validates `body`, counts the attempt against the rate limits, and on success begins a session
 * (its cookie set on `reply`); a refusal is thrown as the AppError the API answers with.
 */
export interface PasswordAuth {
  signUp(request: FastifyRequest, reply: FastifyReply, body: unknown): Promise<AuthSuccess>;
  signIn(request: FastifyRequest, reply: FastifyReply, body: unknown): Promise<AuthSuccess>;
}

export function passwordAuth({ store, env }: AppContext): PasswordAuth {
  const outbox = new Outbox(env);
  // The decoy hash for unknown emails is made now, not during someone's first sign-in.
  void warmUpPasswordHashing();
  return {
    async signUp(request, reply, body) {
      // Counted before the body is read, so a client over its limit costs nothing more.
      await enforceRateLimit(store.db, AUTH_RATE_RULES.signUpIp, rateLimitSubject(request.ip));
      const parsed = signUpSchema.safeParse(body ?? {});
      if (!parsed.success) throw signUpValidationError(parsed.error);
      const input = parsed.data;
      assertStorableText(input);
      await enforceRateLimit(store.db, AUTH_RATE_RULES.signUpAccount, accountKey(input.email));
      await enforceRateLimit(store.db, AUTH_RATE_RULES.passwordAll, PASSWORD_ALL);
      // The role is never read from the request: every new account is a user (docs/PRODUCT.md#roles).
      // With email set up, the account comes with a link that proves its address (docs/EMAIL.md).
      // The account keeps the language it was made in: its emails come in it (docs/PRODUCT.md#languages).
      const account = { ...input, role: 'user' as const, language: request.language };
      const user = await createPasswordUser(store.db, account, (trx, created) =>
        queueAccountMail(trx, outbox, 'email_verification', created, request.language),
      );
      return beginSession(store.db, env, request, reply, user);
    },

    async signIn(request, reply, body) {
      await enforceRateLimit(store.db, AUTH_RATE_RULES.signInIp, rateLimitSubject(request.ip));
      const parsed = signInSchema.safeParse(body ?? {});
      if (!parsed.success) throw validationFailed(parsed.error);
      assertStorableText(parsed.data);
      const { email, password } = parsed.data;
      await enforceRateLimit(store.db, AUTH_RATE_RULES.signInAccount, accountKey(email));
      await enforceRateLimit(store.db, AUTH_RATE_RULES.passwordAll, PASSWORD_ALL);
      const user = await getUserByEmail(store.db, email);
      // Unknown email, Google-only account and wrong password: same work, same answer.
      const ok = await verifyPassword(password, user?.password_hash);
      if (!user || !ok) throw invalidCredential();
      if (user.password_hash && needsRehash(user.password_hash)) {
        await setPasswordHash(store.db, user.id, await hashPassword(password));
      }
      return beginSession(store.db, env, request, reply, user);
    },
  };
}

export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext, auth: PasswordAuth): void {
  const { store, env } = ctx;

  app.post('/api/auth/sign-up', async (request, reply): Promise<AuthSuccess> => {
    const success = await auth.signUp(request, reply, request.body);
    reply.code(201);
    return success;
  });

  app.post(
    '/api/auth/sign-in',
    (request, reply): Promise<AuthSuccess> => auth.signIn(request, reply, request.body),
  );

  app.post('/api/auth/sign-out', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(store.db, token);
    clearSessionCookie(reply, env);
    reply.header('Cache-Control', 'no-store');
    return { ok: true as const };
  });
}
