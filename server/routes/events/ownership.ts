import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventFormOf, eventFormOfInput } from '../../../common/eventForm';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import { type EventDto, eventInputSchema } from '../../../common/schemas/events';
import {
  type EditResult,
  type EventEditState,
  type MyEventList,
  myEventsQuerySchema,
  versionInputSchema,
} from '../../../common/schemas/ownership';
import type { Actor } from '../../auth/actor';
import { editEvent, withdrawEvent } from '../../commands/editEvent';
import type { AppContext } from '../../context';
import { notFound, unauthenticated } from '../../errors';
import { Outbox } from '../../mail/outbox';
import { assertEmailConfirmed } from '../../policies/email';
import { isOwnerOrModerator } from '../../policies/events';
import { presentEvent } from '../../presenters/event';
import { presentPage } from '../../presenters/page';
import { enforceRateLimit, type RateRule, waitMinutes } from '../../rateLimit';
import { getEventById } from '../../store/events';
import { changeImageOf, eventImageOf } from '../../store/images';
import { listEventsSubmittedBy, reviewNotesOf } from '../../store/ownership';
import type { EventChangeRow, EventRow } from '../../store/schema';
import { changeScopeOf, seriesChangeOf } from '../../store/series';
import { parseInput } from '../../validate';
import { EVENT_NOT_FOUND } from './index';

export const OWN_EVENTS_SIGN_IN = msg('event.ownSignIn');

const EDITS_PER_HOUR = 30;

/** Edits per account: fixing typos takes a few, a flood of proposed changes buries the moderators. */
export const EDIT_RATE_LIMIT: RateRule = {
  name: 'edit-event:hour',
  limit: EDITS_PER_HOUR,
  windowMs: 3600 * 1000,
  message: (wait) => msg('rateLimit.editHour', { limit: EDITS_PER_HOUR, minutes: waitMinutes(wait) }),
};

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * The event a request names, if the signed-in person submitted it or moderates: everyone else gets
 * the answer a hidden event gets (404), so nothing tells them it exists.
 */
async function ownEvent(ctx: AppContext, request: IdRequest): Promise<{ actor: Actor; event: EventRow }> {
  const actor = request.actor;
  if (!actor) throw unauthenticated(OWN_EVENTS_SIGN_IN);
  const { id } = request.params;
  const event = isId(id) ? await getEventById(ctx.store.db, id) : undefined;
  if (!event || !isOwnerOrModerator(actor, event)) throw notFound(EVENT_NOT_FOUND);
  return { actor, event };
}

/** A proposed change that waits or was rejected, as the edit form starts from it. */
function presentChange(change: EventChangeRow): NonNullable<EventEditState['change']> {
  const presented: NonNullable<EventEditState['change']> = {
    id: change.id,
    status: change.status === 'rejected' ? 'rejected' : 'pending',
    values: eventFormOfInput(JSON.parse(change.payload) as Record<string, unknown>),
    createdAt: new Date(Number(change.created_at)).toISOString(),
  };
  if (change.reason) presented.reason = change.reason;
  const proposedImage = changeImageOf(change.payload);
  if (proposedImage) presented.image = proposedImage;
  return presented;
}

/** My events, editing, resubmitting and withdrawing (docs/PRODUCT.md#my-events). */
export function registerOwnershipRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { store, env } = ctx;
  const outbox = new Outbox(env);

  app.get('/api/my/events', async (request): Promise<MyEventList> => {
    const actor = request.actor;
    if (!actor) throw unauthenticated(OWN_EVENTS_SIGN_IN);
    const q = parseInput(myEventsQuerySchema, request.query);
    const { rows, total } = await listEventsSubmittedBy(store.db, actor.id, q);
    const notes = await reviewNotesOf(store.db, rows);
    const now = Date.now();
    return {
      events: rows.map((row) => presentEvent(row, actor, env, now, notes.get(row.id))),
      ...presentPage(total, q),
    };
  });

  app.get('/api/events/:id/edit', async (request: IdRequest): Promise<EventEditState> => {
    const { event } = await ownEvent(ctx, request);
    const notes = (await reviewNotesOf(store.db, [event])).get(event.id);
    const state: EventEditState = {
      id: event.id,
      status: event.status,
      version: event.version,
      values: eventFormOf(event),
    };
    if (event.status === 'approved') state.schedule = event.schedule;
    const image = eventImageOf(event);
    if (image) state.image = image;
    const own = notes?.change;
    if (!event.series_id) {
      if (own) state.change = presentChange(own);
      return state;
    }
    // A date of a series (docs/PRODUCT.md#recurring-events): its own change is one to it alone; a change
    // to every date sits on the first published date to come, which need not be this one.
    state.seriesId = event.series_id;
    if (own && changeScopeOf(own.payload) === 'date') state.change = presentChange(own);
    const forEveryDate = await seriesChangeOf(store.db, event.series_id);
    if (forEveryDate && (forEveryDate.status === 'pending' || forEveryDate.status === 'rejected')) {
      state.seriesChange = presentChange(forEveryDate);
    }
    return state;
  });

  app.post('/api/events/:id/edit', async (request: IdRequest): Promise<EditResult> => {
    const { actor, event } = await ownEvent(ctx, request);
    assertEmailConfirmed(actor, env);
    const { version } = parseInput(versionInputSchema, request.body);
    const input = parseInput(eventInputSchema, request.body);
    await enforceRateLimit(store.db, EDIT_RATE_LIMIT, actor.id);
    const result = await editEvent(store.db, actor, { eventId: event.id, input, version, outbox });
    const notes = (await reviewNotesOf(store.db, [result.event])).get(result.event.id);
    return { event: presentEvent(result.event, actor, env, Date.now(), notes), outcome: result.outcome };
  });

  app.post('/api/events/:id/withdraw', async (request: IdRequest): Promise<EventDto> => {
    const { actor, event } = await ownEvent(ctx, request);
    const { version } = parseInput(versionInputSchema, request.body);
    await enforceRateLimit(store.db, EDIT_RATE_LIMIT, actor.id);
    const withdrawn = await withdrawEvent(store.db, actor, { eventId: event.id, version });
    return presentEvent(withdrawn, actor, env);
  });
}
