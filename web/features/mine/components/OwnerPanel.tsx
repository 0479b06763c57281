import { useState } from 'react';
import type { EventDto } from '../../../../common/schemas/events';
import type { EditOutcomeName } from '../../../../common/schemas/ownership';
import { Card } from '../../../components/ui/Card';
import { Notice } from '../../../components/ui/Notice';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import type { EditedState } from '../../../lib/editedState';
import { useLocation } from '../../../lib/router';
import mineCatalog from '../../../locales/en/mine.json';
import type { OwnerAction } from './ActionDialog';
import { OwnerActions } from './OwnerActions';
import { ReviewNotes } from './ReviewNotes';

addCatalog('mine', mineCatalog);

/**
 * On an event's page, for its submitter and the moderators (docs/PRODUCT.md#my-events): where its
 * review stands and what they can do with it, and what their last action did. Loaded only for them.
 */
export default function OwnerPanel({ event }: { event: EventDto }) {
  const { t } = useTranslation('mine');
  const location = useLocation();
  const edited = (location.state as EditedState | null)?.edited;
  const [done, setDone] = useState<OwnerAction | EditOutcomeName | null>(edited ?? null);
  const anything = event.can.edit || event.can.withdraw || event.can.schedule || event.submittedByViewer;
  if (!anything && !event.review) return null;
  const proposalWaits = event.submittedByViewer && event.review?.change?.status === 'pending';

  return (
    <Card className="mt-4 space-y-3 p-4 sm:p-5" data-testid="owner-panel">
      <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-300">
        {event.submittedByViewer ? t('panel.ownTitle') : t('panel.moderatorTitle')}
      </h2>
      {done ? (
        <Notice tone="success" className="py-2">
          {/* Just proposed: the waiting change's own line says it, once, as the news. */}
          {done === 'proposed' && proposalWaits ? t('review.changePending') : t(`done.${done}`)}
        </Notice>
      ) : null}
      <ReviewNotes event={event} withoutWaitingChange={done === 'proposed'} />
      <OwnerActions event={event} onDone={setDone} size="md" />
    </Card>
  );
}
