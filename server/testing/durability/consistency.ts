import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';

/**
 * Every way a moderation action could be half applied, as a list of problems (empty when sound):
 * - a rejected or removed event without exactly one log entry of that action,
 * - a pending or approved event with a log entry (an action that rolled back must leave none),
 * - a log entry whose event is missing or in another state,
 * - a removed event that still has an open report,
 * - an event missing a field every submission has.
 */
export async function consistencyProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const events = await db
    .selectFrom('events')
    .select([
      'id',
      'status',
      'title',
      'description',
      'city',
      'country',
      'timezone',
      'starts_at',
      'created_by',
    ])
    .execute();
  const log = await db.selectFrom('transparency_log').select(['id', 'event_id', 'action']).execute();
  const openReports = await db
    .selectFrom('reports')
    .select(['id', 'event_id'])
    .where('status', '=', 'open')
    .execute();

  const logByEvent = new Map<string, string[]>();
  for (const entry of log) {
    if (!entry.event_id) continue;
    logByEvent.set(entry.event_id, [...(logByEvent.get(entry.event_id) ?? []), entry.action]);
  }
  const statusById = new Map(events.map((e) => [e.id, e.status]));
  const openByEvent = new Set(openReports.map((r) => r.event_id));

  for (const e of events) {
    const actions = logByEvent.get(e.id) ?? [];
    if (e.status === 'rejected' || e.status === 'removed') {
      if (actions.length !== 1 || actions[0] !== e.status) {
        problems.push(`${e.status} event ${e.id} has log entries [${actions.join(', ')}]`);
      }
    } else if (actions.length > 0) {
      problems.push(`${e.status} event ${e.id} has log entries [${actions.join(', ')}]`);
    }
    if (e.status === 'removed' && openByEvent.has(e.id)) {
      problems.push(`removed event ${e.id} still has an open report`);
    }
    if (!e.title || !e.description || !e.city || !e.country || !e.timezone || !e.created_by) {
      problems.push(`event ${e.id} is incomplete`);
    }
    if (!Number.isFinite(Number(e.starts_at))) problems.push(`event ${e.id} has no start`);
  }
  for (const entry of log) {
    if (!entry.event_id) continue;
    const status = statusById.get(entry.event_id);
    if (status !== entry.action) {
      problems.push(
        `log entry ${entry.id} (${entry.action}) names event ${entry.event_id} in state ${status}`,
      );
    }
  }
  return problems;
}
