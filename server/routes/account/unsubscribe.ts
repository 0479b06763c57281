import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { findUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribe } from '../../mail/unsubscribe';
import { renderUnsubscribePage, type UnsubscribePageState } from '../../mail/unsubscribePage';
import { wantsMail } from '../../store/mailPreferences';

type UnsubscribeRequest = FastifyRequest<{ Querystring: { token?: string } }>;

const tokenOf = (request: UnsubscribeRequest): string =>
  typeof request.query.token === 'string' ? request.query.token : '';

/**
 * The link in every notification's footer and List-Unsubscribe header (docs/EMAIL.md). Outside /api:
 * mail programs POST to it from their own servers (RFC 8058), so the token in the address is what
 * authorises it, not a session or the request's origin.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const send = (request: FastifyRequest, reply: FastifyReply, page: UnsubscribePageState, status = 200) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      // The token is in the address: no page it links to may learn it.
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(renderUnsubscribePage(page, { siteTitle: env.SITE_TITLE, language: request.language }));

  app.register(async (scope) => {
    // RFC 8058's body is `List-Unsubscribe=One-Click`, form-encoded or multipart; the link decides, so
    // the body is accepted and not read.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, null),
    );

    // Opening the link changes nothing (mail scanners open links): it asks.
    scope.get(UNSUBSCRIBE_PATH, async (request: UnsubscribeRequest, reply) => {
      const token = tokenOf(request);
      const found = await findUnsubscribeToken(store.db, token);
      if (!found) return send(request, reply, { state: 'invalid' }, 404);
      // A link used before (or a kind turned off on the account page): say so, rather than ask again.
      if (!(await wantsMail(store.db, found.userId, found.kind))) {
        return send(request, reply, { state: 'done', kind: found.kind });
      }
      return send(request, reply, {
        state: 'confirm',
        kind: found.kind,
        action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
      });
    });

    scope.post(UNSUBSCRIBE_PATH, async (request: UnsubscribeRequest, reply) => {
      const done = await unsubscribe(store.db, tokenOf(request));
      if (!done) return send(request, reply, { state: 'invalid' }, 404);
      return send(request, reply, { state: 'done', kind: done.kind });
    });
  });
}
