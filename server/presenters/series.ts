import type { EventSeriesDto, SeriesDto } from '../../common/schemas/series';
import { weekdayOf } from '../../common/series';
import type { Actor } from '../auth/actor';
import { canViewEvent, isOwnerOrModerator } from '../policies/events';
import type { EventRow, SeriesRow } from '../store/schema';
import { ruleCopyOf } from '../store/series';

/** What an occurrence says of its series (docs/PRODUCT.md#recurring-events): the same for every viewer. */
export function presentEventSeries(row: EventRow): EventSeriesDto | undefined {
  const copy = ruleCopyOf(row);
  if (!row.series_id || !copy) return undefined;
  return {
    id: row.series_id,
    rule: copy.rule,
    weekday: weekdayOf(copy.first),
    monthDay: Number(copy.first.slice(8, 10)),
    position: row.series_position ?? 0,
    total: copy.total,
    moved: row.series_moved === 1,
  };
}

/**
 * A series with the dates this viewer may see: everyone the published ones, its submitter and the
 * moderators every date (withdrawn ones too, so My events can say what became of them).
 */
export function presentSeries(series: SeriesRow, rows: EventRow[], actor: Actor | null): SeriesDto {
  const manage = isOwnerOrModerator(actor, series);
  const shown = rows.filter((row) => manage || (row.status === 'approved' && canViewEvent(actor, row)));
  const lead = shown.find((row) => row.status === 'approved') ?? shown[0] ?? rows[0];
  const dto: SeriesDto = {
    id: series.id,
    title: lead?.title ?? '',
    timezone: series.timezone,
    rule: JSON.parse(series.rule),
    weekday: weekdayOf(series.first_date),
    monthDay: Number(series.first_date.slice(8, 10)),
    firstDate: series.first_date,
    time: series.time,
    version: series.version,
    canManage: manage,
    occurrences: shown.map((row) => {
      const occurrence: SeriesDto['occurrences'][number] = {
        id: row.id,
        date: new Date(row.starts_at).toISOString(),
        status: row.status,
        schedule: row.schedule,
        moved: row.series_moved === 1,
        version: row.version,
      };
      if (row.ends_at !== null) occurrence.endDate = new Date(row.ends_at).toISOString();
      return occurrence;
    }),
  };
  if (series.ended_after) dto.endedAfter = series.ended_after;
  return dto;
}
