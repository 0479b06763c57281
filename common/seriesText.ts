import { dateTimeFormat } from './dates';
import type { EventSeriesDto } from './schemas/series';
import { WEEKDAYS, type Weekday } from './series';

/** A Monday (2024-01-01 was one): the weekday names come from Intl, in the page's locale. */
const MONDAY_MS = Date.UTC(2024, 0, 1, 12);

/** A weekday's name ("Friday", "vendredi", "الجمعة") in `locale`. */
export function weekdayName(day: Weekday, locale: string): string {
  const index = WEEKDAYS.indexOf(day);
  return dateTimeFormat(locale, WEEKDAY).format(new Date(MONDAY_MS + index * 24 * 3600 * 1000));
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long', timeZone: 'UTC' };

/**
 * How a series repeats, as its dates say it (docs/PRODUCT.md#recurring-events): "Repeats every Friday",
 * "Repeats monthly on the last Friday". The words are common.json's `repeats` (several features show
 * them); weekday names and lists come from Intl.
 */
/** Any feature's `t`: the keys here name their namespace. */
type Say = (key: string, options: Record<string, unknown>) => string;

export function repeatsText(
  t: Say,
  series: Pick<EventSeriesDto, 'rule' | 'weekday' | 'monthDay'>,
  locale: string,
): string {
  const { rule } = series;
  switch (rule.freq) {
    case 'weekly':
    case 'biweekly': {
      const days = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
        (rule.weekdays ?? [series.weekday]).map((day) => weekdayName(day, locale)),
      );
      return t(`common:repeats.${rule.freq}`, { days });
    }
    case 'monthly_day':
      return t('common:repeats.monthly_day', { day: series.monthDay });
    case 'monthly_weekday': {
      const nth = rule.nth === -1 || rule.nth === undefined ? 'last' : String(rule.nth);
      return t(`common:repeats.monthly_weekday_${nth}`, { weekday: weekdayName(series.weekday, locale) });
    }
  }
}
