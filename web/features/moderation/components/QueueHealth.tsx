import type { ModerationCounts } from '../../../../common/schemas/moderation';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long something has waited, in the page's language: "45 minutes", "5 hours", "3 days". */
export function formatWaited(ms: number, locale: string): string {
  const [value, unit] =
    ms < HOUR
      ? [Math.max(1, Math.floor(ms / MINUTE)), 'minute']
      : ms < 2 * DAY
        ? [Math.floor(ms / HOUR), 'hour']
        : [Math.floor(ms / DAY), 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * Queue health, above the tabs (docs/PRODUCT.md#moderation-dashboard): how many wait for review, how
 * long the oldest has waited, and how many happen within 48 hours (those need a decision first).
 */
export function QueueHealth({ counts }: { counts: ModerationCounts | undefined }) {
  const { t, i18n } = useTranslation('moderation');
  const locale = localeOfI18n(i18n);
  const number = new Intl.NumberFormat(locale);
  const figures: [string, string, string][] = [];
  if (counts) {
    figures.push(['waiting', t('health.waiting'), number.format(counts.pending)]);
    // Nothing waits: no oldest to speak of.
    if (counts.oldestWaitingSince) {
      const waited = Date.now() - Date.parse(counts.oldestWaitingSince);
      figures.push(['oldest', t('health.oldest'), formatWaited(waited, locale)]);
    }
    figures.push(['soon', t('health.soon'), number.format(counts.happeningSoon)]);
  }
  return (
    <section aria-labelledby="queue-health-title" data-testid="queue-health" className="min-w-0">
      <h2 id="queue-health-title" className="sr-only">
        {t('health.title')}
      </h2>
      <dl className="flex flex-wrap gap-2">
        {figures.map(([name, label, value]) => (
          <div
            key={name}
            data-testid={`health-${name}`}
            className={`rounded-lg border px-3 py-1.5 text-sm ${
              name === 'soon' && counts && counts.happeningSoon > 0
                ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100'
                : 'border-stone-200 bg-white text-stone-800 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100'
            }`}
          >
            <dt className="inline font-medium">{label}</dt>{' '}
            <dd className="inline font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
