import {
  DEFAULT_REMOVAL_REASON,
  PAST_EVENT_REMOVAL_REASON,
  type StatsLogAction,
} from '../../common/moderationEnums';
import {
  LOG_STATS_MIN_REASON_COUNT,
  LOG_STATS_MONTHS,
  type LogEntry,
  type LogStats,
} from '../../common/schemas/log';
import { type Actor, isModerator } from '../auth/actor';
import type { LogEntryRow } from '../store/log';
import { ruleCopyOf } from '../store/series';

/**
 * One log entry for this viewer. The event's title goes to moderators and to the event's submitter;
 * which moderator acted goes to moderators only (docs/PRODUCT.md#who-sees-what: public wording stays "moderator").
 */
export function presentLogEntry(row: LogEntryRow, actor: Actor | null): LogEntry {
  const dto: LogEntry = {
    id: row.id,
    eventId: row.event_id,
    action: row.action,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (isModerator(actor) || (actor && actor.id === row.event_created_by)) dto.eventTitle = row.event_title;
  if (isModerator(actor)) dto.moderator = { id: row.moderator_id, name: row.moderator_name };
  // A series is reviewed once: its one entry says how many dates it covered (docs/PRODUCT.md#recurring-events).
  const series = ruleCopyOf({ series_rule: row.event_series_rule });
  if (series) dto.seriesDates = series.total;
  return dto;
}

/** The standard removal reasons (docs/PRODUCT.md#event-states) say nothing about any one event: always named. */
const STANDARD_REASONS = new Set([DEFAULT_REMOVAL_REASON, PAST_EVENT_REMOVAL_REASON]);

/** 'YYYY-MM' in UTC. */
function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The first instant of the oldest month the figures cover. */
export function statsSince(now: number, months = LOG_STATS_MONTHS): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (months - 1), 1);
}

/**
 * The public figures: counts per action and reason, per month, and nothing else. Reasons typed by a
 * moderator and given fewer than LOG_STATS_MIN_REASON_COUNT times are counted together (reason null),
 * so one-off wording cannot be matched to one event; the standard removal reasons are always named.
 */
export function presentLogStats(
  facts: { action: StatsLogAction; reason: string; created_at: number }[],
  now: number,
  monthsBack = LOG_STATS_MONTHS,
): LogStats {
  const since = statsSince(now, monthsBack);
  const months: string[] = [];
  const start = new Date(since);
  for (let i = 0; i < monthsBack; i++) {
    months.push(monthKey(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)));
  }
  const inRange = facts.filter((f) => f.created_at >= since && f.created_at <= now);
  const uses = new Map<string, number>();
  const keyOf = (action: StatsLogAction, reason: string | null) => `${action}\u0000${reason ?? ''}`;
  for (const f of inRange)
    uses.set(keyOf(f.action, f.reason), (uses.get(keyOf(f.action, f.reason)) ?? 0) + 1);

  const rows = new Map<string, LogStats['rows'][number]>();
  const totals = { rejected: 0, removed: 0 };
  for (const f of inRange) {
    const named =
      STANDARD_REASONS.has(f.reason) ||
      (uses.get(keyOf(f.action, f.reason)) ?? 0) >= LOG_STATS_MIN_REASON_COUNT;
    const reason = named ? f.reason : null;
    const key = keyOf(f.action, reason);
    let row = rows.get(key);
    if (!row) {
      row = { action: f.action, reason, counts: months.map(() => 0), total: 0 };
      rows.set(key, row);
    }
    const index = months.indexOf(monthKey(f.created_at));
    if (index >= 0) row.counts[index] = (row.counts[index] ?? 0) + 1;
    row.total += 1;
    totals[f.action] += 1;
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      a.action.localeCompare(b.action) ||
      Number(a.reason === null) - Number(b.reason === null) ||
      b.total - a.total ||
      (a.reason ?? '').localeCompare(b.reason ?? ''),
  );
  return { months, rows: sorted, totals };
}
