import { Copy, Eye, NotebookPen, ShieldCheck } from 'lucide-react';
import { formatShortDate } from '../../../../common/dateLabels';
import { eventPagePath } from '../../../../common/links';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import { MessageWith } from '../../../components/MessageWith';
import { Badge } from '../../../components/ui/Badge';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';

/** Whether an item can be chosen for a bulk decision: a pending event (not a proposed change). */
export const bulkSelectable = (item: ModerationItem) => item.category === 'pending' && !item.change;

/**
 * What a queue card shows under its button (docs/PRODUCT.md#moderation): the box that selects it for
 * a bulk decision, who else is looking at it, "Published without review", its notes, and the events it
 * may duplicate, each a link. Nothing when there is nothing to say.
 */
export function QueueCardExtras({
  item,
  checked,
  onCheck,
}: {
  item: ModerationItem;
  /** Present on the Pending tab: whether the card is chosen for a bulk decision. */
  checked?: boolean;
  onCheck?: (checked: boolean) => void;
}) {
  const { t, i18n } = useTranslation('queue');
  const locale = localeOfI18n(i18n);
  const { claim, duplicates = [], unreviewed, notes } = item;
  const selectable = onCheck !== undefined && bulkSelectable(item);
  const otherClaim = claim && !claim.mine ? claim : null;
  if (!selectable && !otherClaim && !unreviewed && !notes && duplicates.length === 0) return null;
  return (
    <div className="space-y-2 border-t border-stone-200 px-4 py-3 text-sm sm:px-5 dark:border-stone-700">
      <div className="flex flex-wrap items-center gap-2">
        {selectable ? (
          <label className="me-2 inline-flex cursor-pointer items-center gap-2 font-medium text-stone-800 dark:text-stone-200">
            <input
              type="checkbox"
              checked={checked === true}
              onChange={(e) => onCheck?.(e.target.checked)}
              className="size-5 accent-brand-700"
            />
            <span>
              {t('bulk.select')}
              <span className="sr-only" dir="auto">
                {' '}
                {item.event.title}
              </span>
            </span>
          </label>
        ) : null}
        {otherClaim ? (
          <Badge tone="warning" icon={<Eye aria-hidden="true" className="size-3.5" />}>
            <span>
              <MessageWith message={(name) => t('claim.other', { name })} value={otherClaim.moderator.name} />
            </span>
          </Badge>
        ) : null}
        {unreviewed ? (
          <Badge tone="warning" icon={<ShieldCheck aria-hidden="true" className="size-3.5" />}>
            {t('unreviewed.badge')}
          </Badge>
        ) : null}
        {notes ? (
          <Badge icon={<NotebookPen aria-hidden="true" className="size-3.5" />}>
            {t('notes.count', { count: notes })}
          </Badge>
        ) : null}
      </div>
      {duplicates.length > 0 ? (
        <div
          className="flex items-start gap-2 text-amber-900 dark:text-amber-100"
          data-testid="possible-duplicates"
        >
          <Copy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0">
            <span className="font-semibold">{t('duplicate.label')}</span>{' '}
            {duplicates.map((d, i) => (
              <span key={d.id}>
                {i > 0 ? ', ' : ''}
                <Link
                  to={eventPagePath(d.id)}
                  className="font-medium underline underline-offset-2 wrap-anywhere"
                  dir="auto"
                >
                  {d.title}
                </Link>{' '}
                <span className="text-stone-600 dark:text-stone-300">
                  ({formatShortDate(d.date, d.timezone, locale)}, {t(`duplicate.status.${d.status}`)})
                </span>
              </span>
            ))}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** All Events' filter: only the events published without review and not yet checked. */
export function UnreviewedFilter({
  on,
  count,
  onChange,
}: {
  on: boolean;
  count: number;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('queue');
  if (!on && count === 0) return null;
  return (
    <label className="mb-5 inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-900 dark:text-stone-100">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-brand-700"
      />
      {t('unreviewed.filter', { count })}
    </label>
  );
}
