import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import { MONTH_DAY_EVENTS, monthOf, monthWindows } from '../../../common/monthGrid';
import {
  type EventList,
  listEventsQuerySchema,
  type MonthEvents,
  monthEventsQuerySchema,
} from '../../../common/schemas/events';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { canViewEvent, isOwnerOrModerator } from '../../policies/events';
import { presentEvent, presentMonthEvent } from '../../presenters/event';
import { presentPage } from '../../presenters/page';
import { getEventById, listApprovedEvents } from '../../store/events';
import { listMonthEvents } from '../../store/month';
import { reviewNotesOf } from '../../store/ownership';
import { parseInput } from '../../validate';

export const EVENT_NOT_FOUND = msg('event.notFound');

export function registerEventRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  // The public list: filtering and paging happen here, never in the browser.
  app.get('/api/events', async (request): Promise<EventList> => {
    const q = parseInput(listEventsQuerySchema, request.query);
    const { rows, total } = await listApprovedEvents(store.db, q, q);
    return { events: rows.map((row) => presentEvent(row, request.actor, env)), ...presentPage(total, q) };
  });

  // The month view: each day of a month with its count and first events (docs/PRODUCT.md#home).
  app.get('/api/events/month', async (request): Promise<MonthEvents> => {
    const q = parseInput(monthEventsQuerySchema, request.query);
    const month = monthOf(q.month, q.tz, Date.now());
    const days = await listMonthEvents(store.db, q, monthWindows(month, q.tz), MONTH_DAY_EVENTS);
    return {
      month,
      tz: q.tz || 'UTC',
      perDay: MONTH_DAY_EVENTS,
      days: days.map(({ day, total, rows }) => ({ day, total, events: rows.map(presentMonthEvent) })),
    };
  });

  app.get<{ Params: { id: string } }>('/api/events/:id', async (request) => {
    const { id } = request.params;
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
