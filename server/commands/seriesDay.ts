import type { Transaction } from 'kysely';
import { calendarDay } from '../../common/dates';
import { msg } from '../../common/i18n/messages';
import { conflict } from '../errors';
import type { Database, EventRow } from '../store/schema';

export const DAY_TAKEN = msg('series.dayTaken');

/**
 * A date of a series is not moved onto the day of another of its dates still going ahead (an exact
 * duplicate in every list and calendar, docs/PRODUCT.md#recurring-events); a cancelled or postponed
 * date's day is free, as the date it stood for will not happen.
 */
export async function assertDayFree(
  trx: Transaction<Database>,
  row: Pick<EventRow, 'id' | 'series_id' | 'timezone'>,
  startsAt: number,
): Promise<void> {
  if (!row.series_id) return;
  const day = calendarDay(new Date(startsAt), row.timezone);
  const others = await trx
    .selectFrom('events')
    .select(['starts_at'])
    .where('series_id', '=', row.series_id)
    .where('id', '!=', row.id)
    .where('status', 'in', ['pending', 'approved'])
    .where('schedule', '=', 'scheduled')
    .execute();
  if (others.some((o) => calendarDay(new Date(Number(o.starts_at)), row.timezone) === day)) {
    throw conflict('date_taken', DAY_TAKEN);
  }
}
