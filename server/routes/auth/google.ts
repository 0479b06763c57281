import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import type { GoogleSignInResult } from '../../../common/schemas/auth';
import { isSecureDeployment } from '../../auth/cookies';
import {
  confirmReauthentication,
  FLOW_COOKIE,
  FLOW_TTL_MS,
  type Flow,
  GoogleClient,
  googleError,
  openFlow,
  userForGoogleClaims,
} from '../../auth/google';
import { renderGoogleResultPage } from '../../auth/googleResultPage';
import { AUTH_RATE_RULES } from '../../auth/rateLimits';
import { SESSION_COOKIE } from '../../auth/sessions';
import { beginSession } from '../../auth/signIn';
import type { AppContext } from '../../context';
import { googleEnabled } from '../../env';
import { AppError } from '../../errors';
import { rateLimitSubject } from '../../http/clientAddress';
import { translate } from '../../messages';
import { requireSignedIn } from '../../policies/account';
import { enforceRateLimit } from '../../rateLimit';
import { getUserById } from '../../store/users';

const FLOW_COOKIE_PATH = '/api/auth/google';

/**
 * Google in a pop-up. Sign-in: /start sends it to the provider, /callback signs in and reports back.
 * Re-authentication (docs/PRODUCT.md#deleting-an-account): /reauthenticate sends a signed-in person to
 * Google to sign in again, and the same /callback (the one address registered with Google) marks this
 * session re-authenticated. Which of the two a flow is, the sealed flow cookie says.
 */
export function registerGoogleRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const google = new GoogleClient(env);

  function sendResult(
    request: FastifyRequest,
    reply: FastifyReply,
    result: GoogleSignInResult,
    status = 200,
  ) {
    return (
      reply
        .code(status)
        .header('Cache-Control', 'no-store')
        // Stay in the opener's browsing context group where the provider allows it, so the page can
        // still reach `window.opener`; the BroadcastChannel covers the case where it cannot.
        .header('Cross-Origin-Opener-Policy', 'unsafe-none')
        .type('text/html; charset=utf-8')
        .send(renderGoogleResultPage(result, request.language))
    );
  }

  // The pop-up reports the refusal in the request's language (docs/PRODUCT.md#messages).
  const failure = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    reauthenticating = false,
  ) => {
    const purpose = reauthenticating ? { purpose: 'reauthenticate' as const } : {};
    const message = (e: AppError) => translate(e.message, request.language);
    if (error instanceof AppError) {
      return sendResult(
        request,
        reply,
        { ok: false, code: error.code, message: message(error), ...purpose },
        error.statusCode,
      );
    }
    reply.log.error({ err: error }, 'google sign-in failed');
    const fallback = googleError.provider();
    return sendResult(
      request,
      reply,
      { ok: false, code: fallback.code, message: message(fallback), ...purpose },
      500,
    );
  };

  /** Off to the provider, with the flow sealed in a cookie only our callback path receives. */
  async function sendToProvider(
    request: FastifyRequest,
    reply: FastifyReply,
    options: Parameters<GoogleClient['start']>[0] = {},
  ) {
    const { url, sealedFlow } = await google.start(options).catch((error: unknown) => {
      request.log.warn({ err: error }, 'google discovery failed');
      throw googleError.provider(msg('google.unreachable'));
    });
    reply.setCookie(FLOW_COOKIE, sealedFlow, {
      httpOnly: true,
      // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
      sameSite: 'lax',
      path: FLOW_COOKIE_PATH,
      secure: isSecureDeployment(env),
      maxAge: Math.floor(FLOW_TTL_MS / 1000),
    });
    return reply.header('Cache-Control', 'no-store').redirect(url, 302);
  }

  app.get('/api/auth/google/start', async (request, reply) => {
    try {
      if (!googleEnabled(env)) throw googleError.notConfigured();
      await enforceRateLimit(store.db, AUTH_RATE_RULES.google, rateLimitSubject(request.ip));
      return await sendToProvider(request, reply);
    } catch (error) {
      return failure(request, reply, error);
    }
  });

  app.get('/api/auth/google/reauthenticate', async (request, reply) => {
    try {
      if (!googleEnabled(env)) throw googleError.notConfigured();
      const actor = requireSignedIn(request.actor);
      await enforceRateLimit(store.db, AUTH_RATE_RULES.google, rateLimitSubject(request.ip));
      const user = await getUserById(store.db, actor.id);
      if (!user?.google_sub) throw googleError.notLinked();
      return await sendToProvider(request, reply, { reauthenticate: { userId: user.id } });
    } catch (error) {
      return failure(request, reply, error, true);
    }
  });

  app.get('/api/auth/google/callback', async (request, reply) => {
    // One use only: whatever happens next, this flow is over.
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax' });
    let reauthenticate: Flow['reauthenticate'];
    try {
      if (!googleEnabled(env)) throw googleError.notConfigured();
      const flow = openFlow(env, request.cookies[FLOW_COOKIE]);
      reauthenticate = flow?.reauthenticate;
      await enforceRateLimit(store.db, AUTH_RATE_RULES.google, rateLimitSubject(request.ip));
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const claims = await google.finish(query, flow);
      if (flow && reauthenticate) {
        await confirmReauthentication(store.db, {
          claims,
          flow: { ...flow, reauthenticate },
          actor: request.actor,
          sessionToken: request.cookies[SESSION_COOKIE],
        });
        return sendResult(request, reply, { ok: true, purpose: 'reauthenticate' });
      }
      const user = await userForGoogleClaims(store.db, claims, request.language);
      await beginSession(store.db, env, request, reply, user);
      return sendResult(request, reply, { ok: true });
    } catch (error) {
      return failure(request, reply, error, reauthenticate !== undefined);
    }
  });
}
