import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import { type EventDto, scheduleInputSchema } from '../../../common/schemas/events';
import { changeSchedule } from '../../commands/changeSchedule';
import type { AppContext } from '../../context';
import { notFound, unauthenticated } from '../../errors';
import { Outbox } from '../../mail/outbox';
import { isOwnerOrModerator, SCHEDULE_SIGN_IN } from '../../policies/events';
import { presentEvent } from '../../presenters/event';
import { enforceRateLimit, type RateRule, waitMinutes } from '../../rateLimit';
import { getEventById } from '../../store/events';
import { parseInput } from '../../validate';
import { EVENT_NOT_FOUND } from './index';

const CHANGES_PER_HOUR = 30;

/** Schedule changes per account: a few corrections are normal, a flood of calendar updates is not. */
export const SCHEDULE_RATE_LIMIT: RateRule = {
  name: 'event-schedule:hour',
  limit: CHANGES_PER_HOUR,
  windowMs: 3600 * 1000,
  message: (wait) => msg('rateLimit.scheduleHour', { limit: CHANGES_PER_HOUR, minutes: waitMinutes(wait) }),
};

/**
 * Mark an event cancelled or postponed, or scheduled again (docs/PRODUCT.md#cancelled-and-postponed):
 * its submitter or a moderator, on an approved event.
 */
export function registerScheduleRoute(app: FastifyInstance, { store, env }: AppContext): void {
  const outbox = new Outbox(env);
  app.post<{ Params: { id: string } }>('/api/events/:id/schedule', async (request): Promise<EventDto> => {
    const actor = request.actor;
    if (!actor) throw unauthenticated(SCHEDULE_SIGN_IN);
    const input = parseInput(scheduleInputSchema, request.body);
    const { id } = request.params;
    const event = isId(id) ? await getEventById(store.db, id) : undefined;
    // Missing, or not theirs to change: the answer a hidden event gets, so nothing leaks.
    if (!event || !isOwnerOrModerator(actor, event)) throw notFound(EVENT_NOT_FOUND);
    await enforceRateLimit(store.db, SCHEDULE_RATE_LIMIT, actor.id);
    const changed = await changeSchedule(store.db, actor, { eventId: event.id, ...input }, outbox);
    return presentEvent(changed, actor, env);
  });
}
