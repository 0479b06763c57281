import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatEventDateTime, zonedDateTimeToInstant } from '../../../common/dates';
import { localeOf } from '../../../common/i18n/languages';
import { isId } from '../../../common/ids';
import { type EventDto, eventInputSchema } from '../../../common/schemas/events';
import { removeInputSchema } from '../../../common/schemas/moderation';
import { versionInputSchema } from '../../../common/schemas/ownership';
import {
  endSeriesInputSchema,
  moveOccurrenceInputSchema,
  repeatsInputSchema,
  type SeriesDto,
  type SeriesPreview,
  seriesPreviewInputSchema,
} from '../../../common/schemas/series';
import type { Actor } from '../../auth/actor';
import { removeSeries } from '../../commands/removeSeries';
import {
  editSeries,
  endSeries,
  moveOccurrence,
  SERIES_NOT_FOUND,
  type SeriesEditOutcome,
} from '../../commands/series';
import { type AppContext, siteOf } from '../../context';
import { notFound, unauthenticated } from '../../errors';
import type { ApiReads } from '../../http/apiReads';
import { Outbox } from '../../mail/outbox';
import { assertEmailConfirmed } from '../../policies/email';
import { isOwnerOrModerator } from '../../policies/events';
import { authorizeModeration } from '../../policies/moderation';
import { presentEvent } from '../../presenters/event';
import { presentSeries } from '../../presenters/series';
import { enforceRateLimit } from '../../rateLimit';
import { seriesDates } from '../../series/rule';
import { getEventById } from '../../store/events';
import type { EventRow, SeriesRow } from '../../store/schema';
import {
  changeScopeOf,
  getSeriesById,
  occurrencesOf,
  seriesChangeOf,
  seriesProposalIn,
  waitingChangesOf,
} from '../../store/series';
import { parseInput } from '../../validate';
import { icsFileName } from '../calendar/ics';
import { seriesCalendar } from '../calendar/seriesIcs';
import { EVENT_NOT_FOUND } from '../events/index';
import { EDIT_RATE_LIMIT, OWN_EVENTS_SIGN_IN } from '../events/ownership';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** Recurring events (docs/PRODUCT.md#recurring-events): preview, read, calendar file, edit, end, move a date. */
export function registerSeriesRoutes(app: FastifyInstance, ctx: AppContext, reads: ApiReads): void {
  const { store, env } = ctx;
  const outbox = new Outbox(env);
  const site = siteOf(env);

  /** The series an address names, if this person submitted it or moderates (404 for anyone else). */
  async function ownSeries(request: IdRequest): Promise<{ actor: Actor; series: SeriesRow }> {
    const actor = request.actor;
    if (!actor) throw unauthenticated(OWN_EVENTS_SIGN_IN);
    const { id } = request.params;
    const series = isId(id) ? await getSeriesById(store.db, id) : undefined;
    if (!series || !isOwnerOrModerator(actor, series)) throw notFound(SERIES_NOT_FOUND);
    return { actor, series };
  }

  /** The series and the dates this person may see; none at all is "not found". */
  async function visibleSeries(request: Pick<IdRequest, 'params' | 'actor'>): Promise<SeriesDto> {
    const { id } = request.params;
    const series = isId(id) ? await getSeriesById(store.db, id) : undefined;
    if (!series) throw notFound(SERIES_NOT_FOUND);
    const dto = await withProposal(series, await occurrencesOf(store.db, series.id), request.actor);
    if (dto.occurrences.length === 0) throw notFound(SERIES_NOT_FOUND);
    return dto;
  }

  /** The series as presentSeries has it, with the new rule a waiting proposed change carries (managers). */
  async function withProposal(series: SeriesRow, rows: EventRow[], actor: Actor | null): Promise<SeriesDto> {
    const dto = presentSeries(series, rows, actor);
    if (!dto.canManage || rows.length === 0) return dto;
    // A new change supersedes the one waiting, so a change waits only if it is the series' latest.
    const change = await seriesChangeOf(store.db, series.id);
    const proposal = change?.status === 'pending' ? seriesProposalIn(change.payload) : undefined;
    if (proposal) dto.proposedRule = { rule: proposal.rule, firstDate: proposal.first };
    // The dates whose own change waits: My events says so there, and offers it instead of Change time.
    const waitingOn = new Set(
      (await waitingChangesOf(store.db, series.id))
        .filter((waiting) => changeScopeOf(waiting.payload) === 'date')
        .map((waiting) => waiting.event_id),
    );
    for (const occurrence of dto.occurrences)
      if (waitingOn.has(occurrence.id)) occurrence.changeWaiting = true;
    return dto;
  }

  // The form's preview: the dates a rule gives, as the site writes them, in the request's language.
  app.post('/api/series/preview', async (request): Promise<SeriesPreview> => {
    // The schema checked the zone and gave it the runtime's spelling, as it does a submission's.
    const input = parseInput(seriesPreviewInputSchema, request.body);
    const { timezone } = input;
    const dates = seriesDates(input, input.repeats);
    const locale = localeOf(request.language);
    return {
      dates: dates.map((date) => {
        const at = zonedDateTimeToInstant(date, input.time, timezone);
        return { date: at.toISOString(), label: formatEventDateTime(at, timezone, locale) };
      }),
      total: dates.length,
    };
  });

  // Also read in-process by a date's rendered page, for its list of dates (web/entry-server.tsx).
  reads.get(app, '/api/series/:id', (request) =>
    visibleSeries({ params: request.params as { id: string }, actor: request.actor }),
  );

  // "Add the whole series": one VEVENT with its rule, the dates it dropped and the ones that moved.
  app.get('/api/series/:id/ics', async (request: IdRequest, reply) => {
    const { id } = request.params;
    const series = isId(id) ? await getSeriesById(store.db, id) : undefined;
    const rows = series ? await occurrencesOf(store.db, series.id) : [];
    const published = rows.filter((row) => row.status === 'approved');
    if (!series || published.length === 0) throw notFound(SERIES_NOT_FOUND);
    // As one event's file: what a person sees of the place depends on who they are (its submitter and
    // moderators see a withheld venue), so such a file is never shared by caches.
    const shared = published.every((row) => row.place_visibility === 'everyone');
    const actor = shared ? null : (request.actor ?? null);
    return reply
      .header('Cache-Control', shared ? 'public, max-age=300' : 'private, no-store')
      .header('Vary', 'Cookie, Accept-Language')
      .header('Content-Disposition', `attachment; filename="${icsFileName(published[0]?.title ?? 'series')}"`)
      .type('text/calendar; charset=utf-8')
      .send(seriesCalendar(series, rows, site, { actor, language: request.language }));
  });

  // Edit every date still to come (pending: in place; published: a proposed change), and its rule.
  app.post(
    '/api/series/:id/edit',
    async (request: IdRequest): Promise<{ outcome: SeriesEditOutcome; series: SeriesDto }> => {
      const { actor, series } = await ownSeries(request);
      assertEmailConfirmed(actor, env);
      const { version } = parseInput(versionInputSchema, request.body);
      const input = parseInput(eventInputSchema, request.body);
      // With its Repeats section, a new rule: the same limits and messages as a new series.
      const { repeats } = parseInput(repeatsInputSchema, request.body);
      const ruleEdit = repeats
        ? { rule: repeats, from: input.date, dates: seriesDates(input, repeats) }
        : undefined;
      await enforceRateLimit(store.db, EDIT_RATE_LIMIT, actor.id);
      const { outcome } = await editSeries(store.db, actor, {
        seriesId: series.id,
        input,
        version,
        ruleEdit,
        outbox,
      });
      const after = await getSeriesById(store.db, series.id);
      if (!after) throw notFound(SERIES_NOT_FOUND);
      return { outcome, series: await withProposal(after, await occurrencesOf(store.db, series.id), actor) };
    },
  );

  // End early: the dates after `lastDate` are withdrawn.
  app.post('/api/series/:id/end', async (request: IdRequest): Promise<SeriesDto> => {
    const { actor, series } = await ownSeries(request);
    const { lastDate, version } = parseInput(endSeriesInputSchema, request.body);
    await enforceRateLimit(store.db, EDIT_RATE_LIMIT, actor.id);
    const rows = await endSeries(store.db, actor, { seriesId: series.id, lastDate, version });
    const after = await getSeriesById(store.db, series.id);
    if (!after) throw notFound(SERIES_NOT_FOUND);
    return presentSeries(after, rows, actor);
  });

  // Change one date's time.
  app.post('/api/events/:id/move', async (request: IdRequest): Promise<EventDto> => {
    const actor = request.actor;
    if (!actor) throw unauthenticated(OWN_EVENTS_SIGN_IN);
    const { id } = request.params;
    const event = isId(id) ? await getEventById(store.db, id) : undefined;
    if (!event || !isOwnerOrModerator(actor, event)) throw notFound(EVENT_NOT_FOUND);
    const input = parseInput(moveOccurrenceInputSchema, request.body);
    await enforceRateLimit(store.db, EDIT_RATE_LIMIT, actor.id);
    const moved = await moveOccurrence(store.db, actor, { eventId: event.id, ...input });
    return presentEvent(moved, actor, env);
  });
}

/**
 * Remove a whole series (docs/PRODUCT.md#recurring-events), inside the moderation plugin (no-store
 * answers): every published date, one log entry.
 */
export function registerSeriesModerationRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const outbox = new Outbox(env);
  app.post(
    '/api/moderation/series/:id/remove',
    async (request: IdRequest): Promise<{ events: EventDto[] }> => {
      const actor = authorizeModeration(request.actor, 'remove');
      const { reason } = parseInput(removeInputSchema, request.body);
      const { id } = request.params;
      if (!isId(id)) throw notFound(SERIES_NOT_FOUND);
      const removed = await removeSeries(
        { db: store.db, moderatorId: actor.id, outbox },
        { seriesId: id, reason },
      );
      return { events: removed.map((row) => presentEvent(row, actor, env)) };
    },
  );
}
