import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isId } from '../../../common/ids';
import { eventPagePath } from '../../../common/links';
import { RENDERED_PAGES } from '../../../common/renderedPages';
import { actorForToken, SESSION_COOKIE } from '../../auth/sessions';
import { type AppContext, siteOf } from '../../context';
import { notFound } from '../../errors';
import { eventHead } from '../../html/eventHead';
import type { Shell } from '../../html/shell';
import { translatorFor } from '../../i18n/translate';
import { canViewEvent } from '../../policies/events';
import { getEventById } from '../../store/events';
import type { EventRow } from '../../store/schema';
import { EVENT_NOT_FOUND } from '../events/index';
import { eventCalendar, icsFileName } from './ics';

/**
 * One event's page (the app shell with its share tags, rendered by server/html/pages.ts) and its .ics
 * file. Both follow canViewEvent, like the API: an event this person may not see is "not found".
 */
export function registerEventFileRoutes(
  app: FastifyInstance,
  { store, env }: AppContext,
  shell: Shell | null,
): void {
  const site = siteOf(env);

  /** Only /api requests carry the actor; pages read the session here, and only when it matters. */
  const actorOf = async (request: FastifyRequest) =>
    request.actor ?? (await actorForToken(store.db, request.cookies[SESSION_COOKIE]));

  /** The event behind an id if this person may see it; anything else is "not found". */
  async function visibleEvent(request: FastifyRequest, id: string): Promise<EventRow | null> {
    if (!isId(id)) return null;
    const row = await getEventById(store.db, id);
    if (!row) return null;
    if (row.status === 'approved') return row;
    return canViewEvent(await actorOf(request), row) ? row : null;
  }

  async function sendEventIcs(request: FastifyRequest, reply: FastifyReply, id: string) {
    const row = await visibleEvent(request, id);
    if (!row) throw notFound(EVENT_NOT_FOUND);
    // What a person sees of the place depends on who they are: such a file is never shared by caches.
    const shared = row.status === 'approved' && row.place_visibility === 'everyone';
    const actor = shared ? null : await actorOf(request);
    return reply
      .header('Cache-Control', shared ? 'public, max-age=300' : 'private, no-store')
      .header('Vary', 'Cookie, Accept-Language')
      .header('Content-Disposition', `attachment; filename="${icsFileName(row.title)}"`)
      .type('text/calendar; charset=utf-8')
      .send(eventCalendar(row, site, { actor, language: request.language }));
  }

  app.get<{ Params: { id: string } }>('/api/events/:id/ics', (request, reply) =>
    sendEventIcs(request, reply, request.params.id),
  );

  // One route for the page and its .ics twin: `/event/:id.ics` would need a second parametric
  // segment rule, and both answer "not found" the same way.
  app.get<{ Params: { id: string } }>(RENDERED_PAGES.event, async (request, reply) => {
    const { id } = request.params;
    if (id.endsWith('.ics')) return sendEventIcs(request, reply, id.slice(0, -'.ics'.length));
    if (!shell) throw notFound();
    const row = await visibleEvent(request, id);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8');
    if (!row) {
      // The web app still renders its "Event Not Found" page; crawlers and chats see a 404 and no tags.
      return reply.code(404).send(
        shell.render({
          title: `${translatorFor(request.language, 'event')('notFoundTitle')} · ${env.SITE_TITLE}`,
          head: '<meta name="robots" content="noindex">',
          language: request.language,
        }),
      );
    }
    if (row.status !== 'approved') {
      // Its submitter or a moderator: the page works, but nothing about it is offered for sharing.
      return reply.send(
        shell.render({
          title: `${row.title} · ${env.SITE_TITLE}`,
          head: '<meta name="robots" content="noindex">',
          language: request.language,
        }),
      );
    }
    return reply.send(
      shell.render({
        ...eventHead(row, site, request.language),
        language: request.language,
        alternatesOf: eventPagePath(id),
      }),
    );
  });
}
