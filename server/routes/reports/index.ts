import type { FastifyInstance } from 'fastify';
import { msg } from '../../../common/i18n/messages';
import { isId } from '../../../common/ids';
import { type ReportReceipt, reportInputSchema } from '../../../common/schemas/reports';
import type { AppContext } from '../../context';
import { notFound, unauthenticated } from '../../errors';
import { notifyModerators } from '../../mail/notify';
import { Outbox } from '../../mail/outbox';
import { assertEmailConfirmed } from '../../policies/email';
import { canReportEvent } from '../../policies/reports';
import { presentReportReceipt } from '../../presenters/report';
import { enforceRateLimit, type RateRule, waitMinutes } from '../../rateLimit';
import { getEventById } from '../../store/events';
import { openReport } from '../../store/reports';
import { parseInput } from '../../validate';
import { EVENT_NOT_FOUND } from '../events/index';

const PER_HOUR = 20;

/** Reports per account (docs/ARCHITECTURE.md): plenty for a careful reader, not enough to flood moderators. */
export const REPORT_RATE_LIMIT: RateRule = {
  name: 'report-event:hour',
  limit: PER_HOUR,
  windowMs: 3600 * 1000,
  message: (wait) => msg('rateLimit.reportHour', { limit: PER_HOUR, minutes: waitMinutes(wait) }),
};

export const REPORT_UNAUTHENTICATED = msg('report.signIn');

export function registerReportRoutes(app: FastifyInstance, { store, env }: AppContext): void {
  const outbox = new Outbox(env);
  app.post<{ Params: { id: string } }>(
    '/api/events/:id/reports',
    async (request, reply): Promise<ReportReceipt> => {
      const actor = request.actor;
      if (!actor) throw unauthenticated(REPORT_UNAUTHENTICATED);
      assertEmailConfirmed(actor, env);
      const { reason } = parseInput(reportInputSchema, request.body);
      // Counted before the lookup, so the limit also slows anyone probing for event ids.
      await enforceRateLimit(store.db, REPORT_RATE_LIMIT, actor.id);

      const { id } = request.params;
      const event = isId(id) ? await getEventById(store.db, id) : undefined;
      // Missing, hidden or not published: one answer, so nothing leaks about unpublished events.
      if (!event || !canReportEvent(actor, event)) throw notFound(EVENT_NOT_FOUND);

      // A repeat report is a success that changes nothing: the first open report stands.
      // A new report (not a repeat) tells the moderators who asked for it, in the report's transaction.
      const opened = await openReport(store.db, { eventId: event.id, reportedBy: actor.id, reason }, (trx) =>
        notifyModerators(trx, outbox, 'new_report', event, { except: actor.id, reportReason: reason }),
      );
      // Removed while we were looking: the same answer as for any removed event.
      if (!opened) throw notFound(EVENT_NOT_FOUND);
      reply.code(201);
      return presentReportReceipt(opened.report);
    },
  );
}
