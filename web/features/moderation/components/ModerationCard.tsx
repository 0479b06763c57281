import { CalendarDays, MapPin, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatShortDate } from '../../../../common/dateLabels';
import { phaseOf } from '../../../../common/eventTime';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import { repeatsText } from '../../../../common/seriesText';
import { EventStateBadges } from '../../../components/EventBadges';
import { Badge } from '../../../components/ui/Badge';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { useAreaText } from '../../../lib/useAreaText';
import { zoneLabel } from '../../../lib/zoneLabel';
import { eventDateInZone } from '../lib/format';
import { CategoryBadge } from './ModerationBadges';

export type ModerationActionName =
  | 'approve'
  | 'approveVerify'
  | 'reject'
  | 'remove'
  | 'dismiss'
  | 'removePast'
  | 'acceptChange'
  | 'rejectChange'
  | 'verify'
  | 'unverify'
  | 'removeListed'
  | 'cancelEvent'
  | 'postpone'
  | 'reinstate';

/** What a card offers: the actions, and Edit, a link to the event's edit page. */
export type CardAction = ModerationActionName | 'edit';

/** Which actions an item offers (docs/PRODUCT.md#moderation-dashboard): by its category, and Remove Past Event only once it is over. */
export function actionsFor(item: ModerationItem, now: Date): CardAction[] {
  if (item.change) return ['acceptChange', 'rejectChange'];
  if (item.category === 'pending') return ['approve', 'approveVerify', 'reject'];
  if (item.category === 'reported') return ['remove', 'dismiss'];
  // All Events: any published event can be edited, gain or lose its mark, be called off or go ahead
  // again, and be removed (docs/PRODUCT.md#moderation), as the server's permissions say.
  const { event } = item;
  const edit: CardAction[] = event.can.edit ? ['edit'] : [];
  const mark = event.verified ? 'unverify' : 'verify';
  const schedule: CardAction[] = !event.can.schedule
    ? []
    : event.schedule === 'scheduled'
      ? ['postpone', 'cancelEvent']
      : ['reinstate'];
  const removal = phaseOf(event, now.getTime()) === 'past' ? 'removePast' : 'removeListed';
  return [...edit, mark, ...schedule, removal];
}

export function ModerationCard({
  item,
  selected,
  now,
  onToggle,
  extra,
}: {
  item: ModerationItem;
  selected: boolean;
  now: Date;
  onToggle: () => void;
  /** Under the card's button: bulk selection, claims, duplicates (QueueCardExtras). */
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation('moderation');
  const locale = localeOfI18n(i18n);
  const { event, reports, category } = item;
  const when = eventDateInZone(event.date, event.timezone, {
    end: event.endDate,
    city: event.location.city,
    locale,
  });
  const phase = phaseOf(event, now.getTime());
  const area = useAreaText(event);
  const firstReport = reports[0];

  return (
    <article
      aria-labelledby={`title-${event.id}`}
      data-testid="moderation-card"
      // Selected: filled, with a thick edge at the start; focused: the page's focus ring around the
      // card's button (outside it), so the two never look alike (docs/PRODUCT.md#moderation-dashboard).
      className={`scroll-mt-20 rounded-xl border shadow-sm transition-colors ${
        selected
          ? 'border-brand-700 border-s-8 bg-brand-50 dark:border-brand-100 dark:bg-stone-800'
          : 'border-stone-200 bg-white hover:border-stone-400 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-stone-600'
      }`}
    >
      <button
        type="button"
        aria-pressed={selected}
        data-event-id={event.id}
        onClick={onToggle}
        className="flex w-full flex-col rounded-xl p-4 text-start focus-visible:outline-4 focus-visible:outline-offset-4 sm:p-5"
      >
        {/* The title first, as a screen reader names the card by its text; the badges show above it. */}
        <span
          id={`title-${event.id}`}
          dir="auto"
          className="mt-3 block text-lg font-semibold wrap-anywhere text-stone-900 dark:text-stone-50"
        >
          {event.title}
        </span>
        <span className="order-first flex flex-wrap items-center gap-2">
          <CategoryBadge category={item.change ? 'changed' : category} />
          {item.change?.scope ? <Badge tone="blue">{t(`changeScope.${item.change.scope}`)}</Badge> : null}
          {category === 'reported' ? (
            <Badge tone="danger">{t('reportCount', { count: reports.length })}</Badge>
          ) : null}
          <EventStateBadges event={event} phase={phase} verifiedLabel={t('verified')} pastLabel={t('past')} />
          <span className="ms-auto text-xs text-stone-600 dark:text-stone-400">
            {t('created', { date: formatShortDate(event.createdAt, undefined, locale) })}
          </span>
        </span>
        <span className="mt-2 flex items-start gap-2 text-sm text-stone-700 dark:text-stone-300">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-500" />
          <span>
            <time
              dateTime={event.date}
              className={event.schedule === 'scheduled' ? undefined : 'line-through decoration-2'}
            >
              {when.dateTime}
            </time>
            {when.zone ? (
              <span className="text-stone-600 dark:text-stone-300"> · {zoneLabel(t, when.zone)}</span>
            ) : null}
          </span>
        </span>
        {event.series ? (
          <span
            className="mt-1 flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300"
            data-testid="moderation-repeats"
          >
            <Repeat aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
            {`${repeatsText(t, event.series, locale)} · ${t('common:repeats.dates', { count: event.series.total })}`}
          </span>
        ) : null}
        <span className="mt-1 flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
          <span dir="auto" className="min-w-0 wrap-anywhere">
            {[event.venue, area].filter(Boolean).join(' · ')}
          </span>
        </span>
        {firstReport ? (
          <span className="mt-2 block text-sm font-medium text-danger-700 dark:text-red-300">
            {t('firstReason', { reason: t(`common:reportReasons.${firstReport.reason}`) })}
          </span>
        ) : null}
        <span className="mt-3 block text-xs text-stone-600 dark:text-stone-300">
          {selected ? t('selectedHint') : t('selectHint')}
        </span>
      </button>
      {extra}
    </article>
  );
}
