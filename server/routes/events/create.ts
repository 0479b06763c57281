import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { type EventDto, eventInputSchema } from '../../../common/schemas/events';
import { repeatsInputSchema } from '../../../common/schemas/series';
import type { Actor } from '../../auth/actor';
import { eventFieldsOf } from '../../commands/editEvent';
import { resolveEventImage } from '../../commands/eventImage';
import { createSeries } from '../../commands/series';
import type { AppContext } from '../../context';
import { unauthenticated } from '../../errors';
import { notifyModerators } from '../../mail/notify';
import { Outbox } from '../../mail/outbox';
import { assertEmailConfirmed } from '../../policies/email';
import { presentEvent } from '../../presenters/event';
import { enforceRateLimit, type RateRule, waitHours, waitMinutes } from '../../rateLimit';
import { seriesDates } from '../../series/rule';
import { insertEvent } from '../../store/events';
import type { EventRow } from '../../store/schema';
import { isTrusted, markUnreviewed } from '../../store/trust';
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
    message: (wait) => msg('rateLimit.submitHour', { limit: PER_HOUR, minutes: waitMinutes(wait) }),
  },
  {
    name: 'submit-event:day',
    limit: PER_DAY,
    windowMs: 24 * HOUR,
    message: (wait) => msg('rateLimit.submitDay', { limit: PER_DAY, hours: waitHours(wait) }),
  },
];

export const SUBMIT_UNAUTHENTICATED = msg('event.submitSignIn');

/**
 * Submit an event (docs/PRODUCT.md#event-states) for `actor`: it waits, pending and unverified, for a
 * moderator. For the JSON API and the plain form of /submit (./submitForm.ts) alike; a refusal is thrown
 * as the AppError the API answers with.
 */
export function eventSubmission({ store, env }: AppContext) {
  const outbox = new Outbox(env);
  return async (actor: Actor | null, body: unknown): Promise<EventRow> => {
    if (!actor) throw unauthenticated(SUBMIT_UNAUTHENTICATED);
    assertEmailConfirmed(actor, env);
    const input = parseInput(eventInputSchema, body);
    // A recurring event (docs/PRODUCT.md#recurring-events): its dates, or a 400 on `repeats`.
    const { repeats } = parseInput(repeatsInputSchema, body);
    const dates = repeats ? seriesDates(input, repeats) : null;
    // Only well-formed submissions count: a typo in the form must not use up someone's allowance.
    for (const rule of SUBMIT_RATE_LIMITS) await enforceRateLimit(store.db, rule, actor.id);
    const fields = eventFieldsOf(input);

    // The moderators who asked to hear of new submissions get an email written with it. A trusted
    // organiser's event is published at once, marked "Published without review" (store/trust.ts).
    return store.db.transaction().execute(async (trx) => {
      const trusted = await isTrusted(trx, actor.id);
      const image = await resolveEventImage(trx, actor, input.image, null);
      if (repeats && dates) {
        // A series is reviewed once, or published at once for a trusted organiser (its first date
        // listed as published without review).
        const [first] = await createSeries(trx, {
          input,
          rule: repeats,
          dates,
          createdBy: actor.id,
          outbox,
          image,
          status: trusted ? 'approved' : 'pending',
        });
        if (first) {
          if (trusted) await markUnreviewed(trx, first.id, first.created_at);
          return first;
        }
      }
      const inserted = await insertEvent(trx, {
        ...fields,
        image,
        createdBy: actor.id,
        status: trusted ? 'approved' : 'pending',
        verified: false,
      });
      if (trusted) await markUnreviewed(trx, inserted.id, inserted.created_at);
      else await notifyModerators(trx, outbox, 'new_submission', inserted, { except: actor.id });
      return inserted;
    });
  };
}

export type SubmitEvent = ReturnType<typeof eventSubmission>;

export function registerCreateEventRoute(app: FastifyInstance, ctx: AppContext, submit: SubmitEvent): void {
  app.post('/api/events', async (request, reply): Promise<EventDto> => {
    const row = await submit(request.actor, request.body);
    reply.code(201).header('Location', `/api/events/${row.id}`);
    return presentEvent(row, request.actor, ctx.env);
  });
}
