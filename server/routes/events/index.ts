import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../common/i18n/languages';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import { MONTH_DAY_EVENTS, monthOf, monthWindows } from '../../../common/monthGrid';
import {
  type EventList,
  listEventsQuerySchema,
  type MonthEvents,
  monthEventsQuerySchema,
  type NearAnswer,
} from '../../../common/schemas/events';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { ApiReads } from '../../http/apiReads';
import { translateRef } from '../../messages';
import { canViewEvent, isOwnerOrModerator } from '../../policies/events';
import { presentEvent, presentMonthEvent } from '../../presenters/event';
import { presentPage } from '../../presenters/page';
import { findCity } from '../../search/gazetteer';
import { getEventById, listApprovedEvents } from '../../store/events';
import { listMonthEvents } from '../../store/month';
import { reviewNotesOf } from '../../store/ownership';
import { parseInput } from '../../validate';

export const EVENT_NOT_FOUND = msg('event.notFound');

/** The city a "near" search took (search/gazetteer.ts), or why the list is empty: no city of that name. */
function presentNear(near: string, km: number, language: Language): NearAnswer {
  const city = findCity(near);
  if (city) {
    const { name, country, latitude, longitude } = city;
    return { city: { name, country, latitude, longitude }, km };
  }
  const ref = { code: 'near.unknownCity', params: { city: near } } as const;
  return {
    city: null,
    km,
    message: translateRef(ref, language),
    messageCode: ref.code,
    messageParams: ref.params,
  };
}

export function registerEventRoutes(app: FastifyInstance, { store, env }: AppContext, reads: ApiReads): void {
  // The public list: filtering and paging happen here, never in the browser.
  reads.get(app, '/api/events', async (request): Promise<EventList> => {
    const q = parseInput(listEventsQuerySchema, request.query);
    const { rows, total } = await listApprovedEvents(store.db, q, q);
    const events = rows.map((row) => presentEvent(row, request.actor, env));
    return {
      events,
      ...presentPage(total, q),
      ...(q.near ? { near: presentNear(q.near, q.km, request.language) } : {}),
    };
  });

  // The month view: each day of a month with its count and first events (docs/PRODUCT.md#home).
  reads.get(app, '/api/events/month', async (request): Promise<MonthEvents> => {
    const q = parseInput(monthEventsQuerySchema, request.query);
    const month = monthOf(q.month, q.tz, Date.now());
    const days = await listMonthEvents(store.db, q, monthWindows(month, q.tz), MONTH_DAY_EVENTS);
    return {
      month,
      tz: q.tz || 'UTC',
      perDay: MONTH_DAY_EVENTS,
      days: days.map(({ day, total, rows }) => ({ day, total, events: rows.map(presentMonthEvent) })),
      ...(q.near ? { near: presentNear(q.near, q.km, request.language) } : {}),
    };
  });

  reads.get(app, '/api/events/:id', async (request) => {
    const { id } = request.params as { id: string };
    // Not an id at all, missing, or not visible to this person: the same answer, so nothing leaks.
    const row = isId(id) ? await getEventById(store.db, id) : undefined;
    if (!row || !canViewEvent(request.actor, row)) throw notFound(EVENT_NOT_FOUND);
    // Its submitter and the moderators also read how its review went (docs/PRODUCT.md#my-events).
    const notes = isOwnerOrModerator(request.actor, row)
      ? (await reviewNotesOf(store.db, [row])).get(row.id)
      : undefined;
    return presentEvent(row, request.actor, env, Date.now(), notes);
  });
}
