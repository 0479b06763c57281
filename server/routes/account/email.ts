import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import {
  type Accepted,
  type EmailSettings,
  emailPreferencesInputSchema,
  NOTIFICATIONS,
  verifyEmailSchema,
} from '../../../common/schemas/account';
import { verifyEmailWithLink } from '../../commands/emailLinks';
import type { AppContext } from '../../context';
import { accountError } from '../../errors';
import { rateLimitSubject } from '../../http/clientAddress';
import { queueAccountMail } from '../../mail/notify';
import { Outbox } from '../../mail/outbox';
import { translate, translateRef } from '../../messages';
import { requireSignedIn } from '../../policies/account';
import { presentEmailSettings } from '../../presenters/emailSettings';
import { enforceRateLimit } from '../../rateLimit';
import { getMailPreferences, setMailPreferences } from '../../store/mailPreferences';
import { parseInput } from '../../validate';
import { EMAIL_RATE_RULES } from './rateLimits';

/** Confirming an address, asking for the link again, and choosing which emails to get (docs/EMAIL.md). */
export function registerEmailRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const db = store.db;
  const outbox = new Outbox(env);

  // The link may be opened in any browser, signed in or not: the token alone says whose address it is.
  app.post('/api/auth/verify-email', async (request, reply): Promise<Accepted> => {
    await enforceRateLimit(db, EMAIL_RATE_RULES.useLinkIp, rateLimitSubject(request.ip));
    const { token } = parseInput(verifyEmailSchema, request.body);
    await verifyEmailWithLink(db, { token });
    reply.header('Cache-Control', 'no-store');
    return { ok: true, message: translate(msg('account.emailConfirmed'), request.language) };
  });

  app.get('/api/account/email', async (request, reply): Promise<EmailSettings> => {
    const actor = requireSignedIn(request.actor);
    reply.header('Cache-Control', 'no-store');
    return presentEmailSettings(actor, outbox.enabled, await getMailPreferences(db, actor.id, actor.role));
  });

  app.post('/api/account/email/preferences', async (request, reply): Promise<EmailSettings> => {
    const actor = requireSignedIn(request.actor);
    const { notifications } = parseInput(emailPreferencesInputSchema, request.body);
    for (const kind of Object.keys(notifications) as (keyof typeof NOTIFICATIONS)[]) {
      if (NOTIFICATIONS[kind].audience === 'moderators' && actor.role !== 'moderator') {
        throw accountError.moderatorsOnly();
      }
    }
    await setMailPreferences(db, actor.id, notifications);
    reply.header('Cache-Control', 'no-store');
    return presentEmailSettings(actor, outbox.enabled, await getMailPreferences(db, actor.id, actor.role));
  });

  // "Send the link again".
  app.post('/api/account/email/verification', async (request, reply): Promise<Accepted> => {
    const actor = requireSignedIn(request.actor);
    if (!outbox.enabled) throw accountError.mailDisabled();
    if (actor.emailVerifiedAt !== null) throw accountError.alreadyVerified();
    await enforceRateLimit(db, EMAIL_RATE_RULES.resendVerification, actor.id);
    await db
      .transaction()
      .execute((trx) => queueAccountMail(trx, outbox, 'email_verification', actor, request.language));
    reply.code(202).header('Cache-Control', 'no-store');
    // A person's address is no constant, so this message is worded here rather than made by msg().
    const sent = { code: 'account.verificationSent', params: { email: actor.email } } as const;
    return { ok: true, message: translateRef(sent, request.language) };
  });
}
