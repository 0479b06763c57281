import type { FastifyInstance } from 'fastify';
import { zonedDateTimeToInstant } from '../../../common/dates';
import { msg } from '../../../common/i18n/messages';
import { type SimilarEvents, similarQuerySchema } from '../../../common/schemas/queue';
import { isModerator } from '../../auth/actor';
import type { AppContext } from '../../context';
import { unauthenticated } from '../../errors';
import { presentSimilarEvent } from '../../presenters/queue';
import { findDuplicates } from '../../store/duplicates';
import { parseInput } from '../../validate';

/**
 * The submit form's gentle warning (docs/PRODUCT.md#submit): published events of the same city and
 * days whose title is like the one typed (store/duplicates.ts). Only what the caller may see: published
 * events for a submitter, pending ones too for moderators; nobody else's pending event ever leaks.
 * Signed-in people only, as submitting is. Never cached: the answer depends on who asks.
 */
export function registerSimilarEventsRoute(app: FastifyInstance, { store }: AppContext): void {
  app.get('/api/events/similar', async (request, reply): Promise<SimilarEvents> => {
    if (!request.actor) throw unauthenticated(msg('event.submitSignIn'));
    const q = parseInput(similarQuerySchema, request.query);
    reply.header('Cache-Control', 'no-store');
    if (!q.title || !q.city) return { items: [] };
    const startsAt = zonedDateTimeToInstant(q.date, q.time, q.timezone).getTime();
    const statuses = isModerator(request.actor)
      ? (['approved', 'pending'] as const)
      : (['approved'] as const);
    const found = await findDuplicates(store.db, { title: q.title, startsAt, city: q.city }, [...statuses]);
    return { items: found.map((m) => presentSimilarEvent(m.event)) };
  });
}
