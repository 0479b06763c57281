import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import {
  type AuditTrail,
  acceptChangeInputSchema,
  approveInputSchema,
  type DismissResult,
  dismissInputSchema,
  type ModerationActionResult,
  type ModerationCounts,
  type ModerationItem,
  type ModerationList,
  moderationListQuerySchema,
  rejectChangeInputSchema,
  rejectInputSchema,
  removeInputSchema,
  verifyInputSchema,
} from '../../../common/schemas/moderation';
import { approveEvent } from '../../commands/approveEvent';
import { decideChange } from '../../commands/decideChange';
import { dismissReports } from '../../commands/dismissReports';
import { rejectEvent } from '../../commands/rejectEvent';
import { removeEvent } from '../../commands/removeEvent';
import { verifyEvent } from '../../commands/verifyEvent';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { Outbox } from '../../mail/outbox';
import { authorizeModeration } from '../../policies/moderation';
import { presentEvent } from '../../presenters/event';
import {
  presentAuditEntry,
  presentModerationCounts,
  presentModerationItem,
} from '../../presenters/moderation';
import { presentPage } from '../../presenters/page';
import { listAuditTrail } from '../../store/audit';
import { getEventById } from '../../store/events';
import {
  countModerationTabs,
  listAllApprovedEvents,
  listPendingEvents,
  listReportedEvents,
  queueHealth,
} from '../../store/moderation';
import type { EventRow } from '../../store/schema';
import { countUnreviewed, listUnreviewedEvents } from '../../store/trust';
import { parseInput } from '../../validate';
import { registerSeriesModerationRoutes } from '../series/index';
import { registerPresetReasonRoutes } from './presetReasons';
import { registerQueueToolRoutes, withQueueDetails } from './queueTools';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export const MODERATION_EVENT_NOT_FOUND = msg('moderation.eventNotFound');

/** Moderation answers are private and change with every action: never cache them, errors included. */
const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  reply.header('Cache-Control', 'no-store');
  done(null, payload);
};

/**
 * The moderation API, in a plugin of its own so that its no-store hook runs on these routes only (and on
 * every answer they give, refusals and errors included), not on every request the app serves.
 */
export function registerModerationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (moderation) => {
    moderation.addHook('onSend', noStore);
    registerModerationHandlers(moderation, ctx);
    registerPresetReasonRoutes(moderation, ctx);
    registerQueueToolRoutes(moderation, ctx);
    registerSeriesModerationRoutes(moderation, ctx);
  });
}

/**
 * Every handler checks the role first, before it looks at its input, so a visitor or a user learns
 * nothing from it but 401 / 403.
 */
function registerModerationHandlers(app: FastifyInstance, { store, env }: AppContext): void {
  const db = store.db;
  const outbox = new Outbox(env);

  app.get('/api/moderation/counts', async (request): Promise<ModerationCounts> => {
    authorizeModeration(request.actor, 'list');
    const [counts, health, unreviewed] = await Promise.all([
      countModerationTabs(db),
      queueHealth(db, Date.now()),
      countUnreviewed(db),
    ]);
    return presentModerationCounts(counts, health, unreviewed);
  });

  app.get('/api/moderation/events', async (request): Promise<ModerationList> => {
    const actor = authorizeModeration(request.actor, 'list');
    const q = parseInput(moderationListQuerySchema, request.query);
    const details = (items: ModerationItem[], rows: EventRow[]) =>
      withQueueDetails(db, items, rows, actor.id, Date.now());
    if (q.tab === 'reported') {
      const { rows, total } = await listReportedEvents(db, q);
      const items = rows.map((r) => presentModerationItem(r.event, 'reported', r.reports, actor, env));
      return {
        items: await details(
          items,
          rows.map((r) => r.event),
        ),
        ...presentPage(total, q),
      };
    }
    if (q.tab === 'pending') {
      const { rows, total } = await listPendingEvents(db, q);
      const items = rows.map((r) => presentModerationItem(r.event, 'pending', [], actor, env, r.change));
      return {
        items: await details(
          items,
          rows.map((r) => r.event),
        ),
        ...presentPage(total, q),
      };
    }
    const { rows, total } =
      q.show === 'unreviewed' ? await listUnreviewedEvents(db, q) : await listAllApprovedEvents(db, q);
    const items = rows.map((row) => presentModerationItem(row, q.tab, [], actor, env));
    return { items: await details(items, rows), ...presentPage(total, q) };
  });

  /**
   * The event an action names. Its state is checked by the command, inside its transaction, and only
   * there: a check made out here could pass for two moderators at once.
   */
  function eventIdOf(request: IdRequest): string {
    const { id } = request.params;
    if (!isId(id)) throw notFound(MODERATION_EVENT_NOT_FOUND);
    return id;
  }

  app.post(
    '/api/moderation/events/:id/approve',
    async (request: IdRequest): Promise<ModerationActionResult> => {
      const actor = authorizeModeration(request.actor, 'approve');
      const input = parseInput(approveInputSchema, request.body);
      const eventId = eventIdOf(request);
      const event = await approveEvent(
        { db, moderatorId: actor.id, outbox },
        { eventId, verified: input.verified },
      );
      return { event: presentEvent(event, actor, env) };
    },
  );

  app.post(
    '/api/moderation/events/:id/reject',
    async (request: IdRequest): Promise<ModerationActionResult> => {
      const actor = authorizeModeration(request.actor, 'reject');
      const input = parseInput(rejectInputSchema, request.body);
      const eventId = eventIdOf(request);
      const event = await rejectEvent(
        { db, moderatorId: actor.id, outbox },
        { eventId, reason: input.reason },
      );
      return { event: presentEvent(event, actor, env) };
    },
  );

  app.post(
    '/api/moderation/events/:id/remove',
    async (request: IdRequest): Promise<ModerationActionResult> => {
      // Remove Past Event is a removal too: the same permission; the command checks that it has passed.
      const actor = authorizeModeration(request.actor, 'remove');
      const input = parseInput(removeInputSchema, request.body);
      const eventId = eventIdOf(request);
      const event = await removeEvent(
        { db, moderatorId: actor.id, outbox },
        { eventId, reason: input.reason, pastEvent: input.pastEvent },
      );
      return { event: presentEvent(event, actor, env) };
    },
  );

  app.post(
    '/api/moderation/events/:id/verify',
    async (request: IdRequest): Promise<ModerationActionResult> => {
      const actor = authorizeModeration(request.actor, 'approve');
      const input = parseInput(verifyInputSchema, request.body);
      const event = await verifyEvent(
        { db, moderatorId: actor.id },
        { eventId: eventIdOf(request), verified: input.verified, version: input.version },
      );
      return { event: presentEvent(event, actor, env) };
    },
  );

  // The moderators' audit trail of one event (docs/PRODUCT.md#moderation): who did what, and when.
  app.get('/api/moderation/events/:id/audit', async (request: IdRequest): Promise<AuditTrail> => {
    authorizeModeration(request.actor, 'list');
    const eventId = eventIdOf(request);
    if (!(await getEventById(db, eventId))) throw notFound(MODERATION_EVENT_NOT_FOUND);
    return { entries: (await listAuditTrail(db, eventId)).map(presentAuditEntry) };
  });

  app.post(
    '/api/moderation/events/:id/accept-change',
    async (request: IdRequest): Promise<ModerationActionResult> => {
      const actor = authorizeModeration(request.actor, 'approve');
      const { version } = parseInput(acceptChangeInputSchema, request.body);
      const event = await decideChange(
        { db, moderatorId: actor.id, outbox },
        { eventId: eventIdOf(request), version, accept: true },
      );
      return { event: presentEvent(event, actor, env) };
    },
  );

  app.post(
    '/api/moderation/events/:id/reject-change',
    async (request: IdRequest): Promise<ModerationActionResult> => {
      const actor = authorizeModeration(request.actor, 'reject');
      const { version, reason } = parseInput(rejectChangeInputSchema, request.body);
      const event = await decideChange(
        { db, moderatorId: actor.id, outbox },
        { eventId: eventIdOf(request), version, accept: false, reason },
      );
      return { event: presentEvent(event, actor, env) };
    },
  );

  app.post(
    '/api/moderation/events/:id/dismiss-reports',
    async (request: IdRequest): Promise<DismissResult> => {
      const actor = authorizeModeration(request.actor, 'dismissReports');
      const { reportIds } = parseInput(dismissInputSchema, request.body ?? {});
      const closedReports = await dismissReports(
        { db, moderatorId: actor.id },
        { eventId: eventIdOf(request), reportIds },
      );
      return { closedReports };
    },
  );
}
