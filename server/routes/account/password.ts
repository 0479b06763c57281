import type { FastifyInstance } from 'fastify';
import {
  type Accepted,
  FORGOT_PASSWORD_SENT,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '../../../common/schemas/account';
import type { AuthSuccess } from '../../../common/schemas/auth';
import { emailTokenIsLive } from '../../auth/emailTokens';
import { hashPassword } from '../../auth/passwords';
import { beginSession } from '../../auth/signIn';
import { resetPasswordWithLink } from '../../commands/emailLinks';
import type { AppContext } from '../../context';
import { accountError } from '../../errors';
import { rateLimitSubject } from '../../http/clientAddress';
import { queueAccountMail } from '../../mail/notify';
import { Outbox } from '../../mail/outbox';
import { translate } from '../../messages';
import { enforceRateLimit } from '../../rateLimit';
import { getUserByEmail } from '../../store/users';
import { parseInput } from '../../validate';
import { EMAIL_RATE_RULES } from './rateLimits';

/** "Forgot password?" and setting a new password from the mailed link (docs/EMAIL.md). */
export function registerPasswordResetRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const db = store.db;
  const outbox = new Outbox(env);

  // The same answer whether or not the address has an account: the email is the only difference.
  app.post('/api/auth/forgot-password', async (request, reply): Promise<Accepted> => {
    if (!outbox.enabled) throw accountError.mailDisabled();
    await enforceRateLimit(db, EMAIL_RATE_RULES.forgotPasswordIp, rateLimitSubject(request.ip));
    const { email } = parseInput(forgotPasswordSchema, request.body);
    await enforceRateLimit(db, EMAIL_RATE_RULES.forgotPasswordAddress, email.toLowerCase());
    const user = await getUserByEmail(db, email);
    if (user)
      await db
        .transaction()
        .execute((trx) => queueAccountMail(trx, outbox, 'password_reset', user, request.language));
    reply.code(202).header('Cache-Control', 'no-store');
    return { ok: true, message: translate(FORGOT_PASSWORD_SENT, request.language) };
  });

  // Works without SMTP too: an operator's `npm run admin -- reset-link EMAIL` makes the same links.
  app.post('/api/auth/reset-password', async (request, reply): Promise<AuthSuccess> => {
    await enforceRateLimit(db, EMAIL_RATE_RULES.useLinkIp, rateLimitSubject(request.ip));
    const { token, password } = parseInput(resetPasswordSchema, request.body);
    // A dead link costs no password hashing; the command checks it again, and uses it, atomically.
    if (!(await emailTokenIsLive(db, 'reset', token))) throw accountError.linkExpired();
    const passwordHash = await hashPassword(password);
    const user = await resetPasswordWithLink(db, { token, passwordHash });
    return beginSession(db, env, request, reply, user);
  });
}
