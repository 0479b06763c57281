import { CircleAlert, Hourglass } from 'lucide-react';
import { reasonText } from '../../../../common/moderationEnums';
import type { EventDto } from '../../../../common/schemas/events';
import { MessageWith } from '../../../components/MessageWith';
import { useTranslation } from '../../../i18n/react';

/**
 * Where an event's review stands, as its submitter (or a moderator) is told (docs/PRODUCT.md#my-events):
 * the reason it was rejected or removed, and a proposed change that waits or was not accepted.
 */
export function ReviewNotes({
  event,
  withoutWaitingChange = false,
}: {
  event: EventDto;
  /** Its waiting change just proposed: the page's news says so already (OwnerPanel). */
  withoutWaitingChange?: boolean;
}) {
  const { t } = useTranslation('mine');
  const review = event.review;
  const waiting = review?.change?.status === 'pending' && !withoutWaitingChange;
  if (
    !review ||
    (!review.reason && !review.change) ||
    (!review.reason && review.change?.status === 'pending' && !waiting)
  )
    return null;
  const line = 'flex gap-2 text-sm';
  return (
    <div className="space-y-2" data-testid="review-notes">
      {review.reason ? (
        <p className={`${line} text-stone-800 dark:text-stone-200`}>
          <CircleAlert
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-danger-600 dark:text-red-300"
          />
          <span dir="auto" className="wrap-anywhere">
            {t('review.reason', { reason: reasonText(review.reason, t) })}
          </span>
        </p>
      ) : null}
      {waiting ? (
        <p className={`${line} text-amber-900 dark:text-amber-100`}>
          <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {event.submittedByViewer ? t('review.changePending') : t('review.changePendingModerator')}
          </span>
        </p>
      ) : null}
      {review.change?.status === 'rejected' ? (
        <p className={`${line} text-stone-800 dark:text-stone-200`}>
          <CircleAlert
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-danger-600 dark:text-red-300"
          />
          <span className="wrap-anywhere">
            {t('review.changeRejected')}{' '}
            {review.change.reason ? (
              <span>
                <MessageWith
                  message={(reason) => t('review.reason', { reason })}
                  value={review.change.reason}
                />
              </span>
            ) : null}
          </span>
        </p>
      ) : null}
    </div>
  );
}
