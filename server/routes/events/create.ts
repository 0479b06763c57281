import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { type EventDto, eventInputSchema } from '../../../common/schemas/events';
import { eventFieldsOf } from '../../commands/editEvent';
import type { AppContext } from '../../context';
import { unauthenticated } from '../../errors';
import { notifyModerators } from '../../mail/notify';
import { Outbox } from '../../mail/outbox';
import { assertEmailConfirmed } from '../../policies/email';
import { presentEvent } from '../../presenters/event';
import { enforceRateLimit, type RateRule } from '../../rateLimit';
import { insertEvent } from '../../store/events';
import { parseInput } from '../../validate';

const HOUR = 3600 * 1000;
const PER_HOUR = 10;
const PER_DAY = 30;

/**
 * Submissions per account (docs/ARCHITECTURE.md): generous for an organiser posting a week of actions,
 * small enough that one account cannot bury the volunteers' moderation queue.
 */
export const SUBMIT_RATE_LIMITS: RateRule[] = [
  {
    name: 'submit-event:hour',
    limit: PER_HOUR,
    windowMs: HOUR,
    message: msg('rateLimit.submitHour', { limit: PER_HOUR }),
  },
  {
    name: 'submit-event:day',
    limit: PER_DAY,
    windowMs: 24 * HOUR,
    message: msg('rateLimit.submitDay', { limit: PER_DAY }),
  },
];

export const SUBMIT_UNAUTHENTICATED = msg('event.submitSignIn');

export function registerCreateEventRoute(app: FastifyInstance, { store, env }: AppContext): void {
  const outbox = new Outbox(env);
  // Submit an event (docs/PRODUCT.md#event-states): it waits, pending and unverified, for a moderator.
  app.post('/api/events', async (request, reply): Promise<EventDto> => {
    const actor = request.actor;
    if (!actor) throw unauthenticated(SUBMIT_UNAUTHENTICATED);
    assertEmailConfirmed(actor, env);
    const input = parseInput(eventInputSchema, request.body);
    // Only well-formed submissions count: a typo in the form must not use up someone's allowance.
    for (const rule of SUBMIT_RATE_LIMITS) await enforceRateLimit(store.db, rule, actor.id);

    // The moderators who asked to hear of new submissions get an email written with it.
    const row = await store.db.transaction().execute(async (trx) => {
      const inserted = await insertEvent(trx, {
        ...eventFieldsOf(input),
        createdBy: actor.id,
        status: 'pending',
        verified: false,
      });
      await notifyModerators(trx, outbox, 'new_submission', inserted, { except: actor.id });
      return inserted;
    });
    reply.code(201).header('Location', `/api/events/${row.id}`);
    return presentEvent(row, actor, env);
  });
}
