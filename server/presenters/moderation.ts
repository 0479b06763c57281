import { eventFormOf, eventFormOfInput } from '../../common/eventForm';
import type {
  AuditEntry,
  ModerationCounts,
  ModerationItem,
  ModerationReport,
  ModerationTab,
} from '../../common/schemas/moderation';
import type { PresetReason } from '../../common/schemas/presetReasons';
import { type RepeatRule, weekdayOf } from '../../common/series';
import { type Actor, isModerator } from '../auth/actor';
import type { Env } from '../env';
import type { AuditRow } from '../store/audit';
import { changeImageOf, eventImageOf } from '../store/images';
import type { ModerationCountRows, QueueHealthRow } from '../store/moderation';
import type { PresetReasonRow } from '../store/presetReasons';
import type { EventChangeRow, EventRow, ReportRow } from '../store/schema';
import { changeScopeOf, ruleCopyOf, seriesProposalIn } from '../store/series';
import { presentEvent } from './event';

/** A report for the dashboard. Who reported is shown to moderators only (docs/PRODUCT.md#who-sees-what). */
export function presentReport(row: ReportRow, actor: Actor | null): ModerationReport {
  const dto: ModerationReport = {
    id: row.id,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
  if (isModerator(actor)) dto.reportedBy = row.reported_by;
  return dto;
}

export function presentModerationItem(
  event: EventRow,
  category: ModerationTab,
  reports: ReportRow[],
  actor: Actor | null,
  env: Pick<Env, 'REQUIRE_VERIFIED_EMAIL'>,
  change?: EventChangeRow,
): ModerationItem {
  const item: ModerationItem = {
    event: presentEvent(event, actor, env),
    category,
    reports: reports.map((r) => presentReport(r, actor)),
  };
  if (change) {
    item.change = {
      id: change.id,
      createdAt: new Date(Number(change.created_at)).toISOString(),
      current: eventFormOf(event),
      proposed: eventFormOfInput(JSON.parse(change.payload) as Record<string, unknown>),
    };
    if (event.series_id) item.change.scope = changeScopeOf(change.payload);
    const currentImage = eventImageOf(event);
    const proposedImage = changeImageOf(change.payload);
    if (currentImage) item.change.currentImage = currentImage;
    if (proposedImage) item.change.proposedImage = proposedImage;
    const series = seriesProposalIn(change.payload);
    const copy = ruleCopyOf(event);
    if (series && copy) {
      const summary = (rule: RepeatRule, first: string, total: number) => ({
        rule,
        weekday: weekdayOf(first),
        monthDay: Number(first.slice(8, 10)),
        total,
      });
      item.change.series = {
        timezone: item.change.proposed.timezone || event.timezone,
        current: summary(copy.rule, copy.first, copy.total),
        proposed: summary(series.rule, series.first, series.total),
        added: series.added,
        removed: series.removed,
      };
    }
  }
  return item;
}

export function presentModerationCounts(
  counts: ModerationCountRows,
  health: QueueHealthRow,
  unreviewed = 0,
): ModerationCounts {
  return {
    pending: counts.pending,
    reported: counts.reported,
    approved: counts.approved,
    oldestWaitingSince:
      health.oldestWaitingSince === null ? null : new Date(health.oldestWaitingSince).toISOString(),
    happeningSoon: health.happeningSoon,
    unreviewed,
  };
}

/** An audit entry for moderators: the action, its note (a reason), who and when. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  const entry: AuditEntry = {
    id: row.id,
    action: row.action,
    moderator: { id: row.moderator_id, name: row.moderator_name },
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
  if (row.note) entry.note = row.note;
  return entry;
}

/** A preset reason, for moderators: what it is for and its words (who added it stays in the database). */
export function presentPresetReason(row: PresetReasonRow): PresetReason {
  return { id: row.id, kind: row.kind, text: row.text };
}
