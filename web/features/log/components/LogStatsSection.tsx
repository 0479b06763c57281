import { dateTimeFormat } from '../../../../common/dates';
import { LOG_STATS_MIN_REASON_COUNT, reasonText } from '../../../../common/moderationEnums';
import type { LogStats } from '../../../../common/schemas/log';
import { Card, SkeletonBlock } from '../../../components/ui/Card';
import { Notice } from '../../../components/ui/Notice';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { useLogStats } from '../api/stats';

/** 'YYYY-MM' → 'Jun 2026', or 'Jun' alone (the months are UTC months), in the page's language. */
function monthLabel(key: string, locale: string, withYear = true): string {
  const [y, m] = key.split('-').map(Number);
  return dateTimeFormat(locale, {
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)));
}

/** Height of the tallest bar: pixel heights need no definite parent height to resolve against. */
const BAR_AREA_PX = 112;

/** A bar per month (rejected and removed stacked), drawn with plain HTML; the table carries the data. */
function MonthBars({ stats }: { stats: LogStats }) {
  const { t, i18n } = useTranslation('log');
  const locale = localeOfI18n(i18n);
  const perMonth = stats.months.map((_, i) => {
    let rejected = 0;
    let removed = 0;
    for (const row of stats.rows) {
      if (row.action === 'rejected') rejected += row.counts[i] ?? 0;
      else removed += row.counts[i] ?? 0;
    }
    return { rejected, removed };
  });
  const max = Math.max(1, ...perMonth.map((m) => m.rejected + m.removed));
  return (
    <div aria-hidden="true" className="space-y-2">
      <div
        style={{ height: `${BAR_AREA_PX}px` }}
        data-testid="month-bars"
        className="flex items-end gap-2 border-b border-stone-300 dark:border-stone-700"
      >
        {perMonth.map((m, i) => (
          <div key={stats.months[i]} className="flex flex-1 flex-col items-center justify-end">
            <div
              className="w-full max-w-14 bg-stone-500 dark:bg-stone-400"
              style={{ height: `${Math.round((m.removed / max) * BAR_AREA_PX)}px` }}
            />
            <div
              className="w-full max-w-14 bg-amber-600 dark:bg-amber-400"
              style={{ height: `${Math.round((m.rejected / max) * BAR_AREA_PX)}px` }}
            />
          </div>
        ))}
      </div>
      <div className="flex gap-2 text-center text-xs text-stone-600 dark:text-stone-400">
        {stats.months.map((key) => (
          <span key={key} className="flex-1 truncate">
            {monthLabel(key, locale, false)}
          </span>
        ))}
      </div>
      <div className="flex flex-wrap gap-4 text-xs text-stone-700 dark:text-stone-300">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-amber-600 dark:bg-amber-400" />
          {t('stats.action.rejected')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-stone-500 dark:bg-stone-400" />
          {t('stats.action.removed')}
        </span>
      </div>
    </div>
  );
}

/** The public figures everyone sees (docs/PRODUCT.md#transparency-log): counts by reason over recent months, nobody named. */
export function LogStatsSection() {
  const { t, i18n } = useTranslation('log');
  const locale = localeOfI18n(i18n);
  const stats = useLogStats();
  const months = stats.data?.months.length ?? 6;
  // The table's month columns: indexes into `months` and each row's `counts`, this month first.
  const newestFirst = (stats.data?.months ?? []).map((_, i, all) => all.length - 1 - i);
  return (
    <section aria-labelledby="log-stats-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="log-stats-title" className="text-xl font-semibold text-stone-900 dark:text-stone-50">
          {t('stats.title')}
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('stats.text', { months })}</p>
      </div>
      <Card className="space-y-5 p-5 sm:p-6">
        {stats.isPending ? (
          <SkeletonBlock className="h-32 w-full" />
        ) : stats.isError ? (
          <Notice tone="warning">{t('stats.loadError')}</Notice>
        ) : stats.data.rows.length === 0 ? (
          <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="stats-summary">
            {t('stats.none', { months })}
          </p>
        ) : (
          <>
            <p className="text-sm font-medium text-stone-800 dark:text-stone-200" data-testid="stats-summary">
              {t('stats.summary', { months, ...stats.data.totals })}
            </p>
            <MonthBars stats={stats.data} />
            {/*
              The total, then this month back to the oldest: on a phone, where the table scrolls
              sideways, what a reader wants first is in view (the bars above run in time's order).
            */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
            <section className="overflow-x-auto" aria-label={t('stats.caption')} tabIndex={0}>
              <table className="w-full min-w-[36rem] border-collapse text-sm">
                <caption className="sr-only">{t('stats.caption')}</caption>
                <thead>
                  <tr className="border-b border-stone-200 text-stone-700 dark:border-stone-700 dark:text-stone-300">
                    <th scope="col" className="py-2 pe-3 text-start font-semibold">
                      {t('stats.reason')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-end font-semibold">
                      {t('stats.total')}
                    </th>
                    {newestFirst.map((i) => (
                      <th
                        key={stats.data.months[i]}
                        scope="col"
                        className="px-2 py-2 text-end font-semibold whitespace-nowrap"
                      >
                        {monthLabel(stats.data.months[i] ?? '', locale)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {stats.data.rows.map((row) => (
                    <tr
                      key={`${row.action}-${row.reason ?? ''}`}
                      className="border-b border-stone-100 dark:border-stone-800"
                    >
                      <th
                        scope="row"
                        className="min-w-40 py-2 pe-3 text-start font-normal text-stone-800 dark:text-stone-200"
                      >
                        <span className="font-semibold">{t(`stats.action.${row.action}`)}</span>
                        {': '}
                        {row.reason === null ? t('stats.otherReasons') : reasonText(row.reason, t)}
                      </th>
                      <td className="px-2 py-2 text-end font-semibold tabular-nums">{row.total}</td>
                      {newestFirst.map((i) => (
                        <td key={stats.data.months[i]} className="px-2 py-2 text-end tabular-nums">
                          {row.counts[i]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            {stats.data.rows.some((r) => r.reason === null) ? (
              <p className="text-xs text-stone-600 dark:text-stone-400">
                {t('stats.otherHint', { min: LOG_STATS_MIN_REASON_COUNT })}
              </p>
            ) : null}
          </>
        )}
      </Card>
    </section>
  );
}
