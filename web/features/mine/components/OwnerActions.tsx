import {
  BadgeCheck,
  BadgeX,
  Ban,
  CalendarCheck,
  CalendarClock,
  Copy,
  PencilLine,
  Trash2,
  Undo2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import type { EventDto } from '../../../../common/schemas/events';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';
import { refocusIfLost } from '../../../lib/useFocusReturn';
import { useSetVerified } from '../api/mine';
import { ActionDialog, type DialogAction, type OwnerAction } from './ActionDialog';

/** The edit page of an event, and a new submission pre-filled from it. */
export const editPath = (id: string) => `/event/${encodeURIComponent(id)}/edit`;
export const copyPath = (id: string) => `/submit?copy=${encodeURIComponent(id)}`;

/**
 * What its submitter (or a moderator) can do with an event, as the server's `can` says
 * (docs/PRODUCT.md#my-events): edit it (resubmit a rejected one, propose changes to a published one),
 * withdraw it while pending, cancel, postpone or reinstate it once published, and submit a copy.
 */
/**
 * The words of an event's own Edit button: a moderator's edit applies at once, their own events too
 * (server/commands/editEvent.ts); a submitter proposes changes to a published event.
 */
export const editActionOf = (event: EventDto) =>
  event.status === 'rejected'
    ? ('actions.resubmit' as const)
    : event.status === 'approved' && !event.can.moderate
      ? ('actions.propose' as const)
      : ('actions.edit' as const);

export function OwnerActions({
  event,
  onDone,
  size = 'sm',
  scheduleActions = true,
}: {
  event: EventDto;
  onDone: (action: OwnerAction) => void;
  size?: 'sm' | 'md';
  /** Postpone, Cancel event, Going ahead after all: off where a series' dates offer their own. */
  scheduleActions?: boolean;
}) {
  const { t } = useTranslation('mine');
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const setVerified = useSetVerified();
  const editLabel = t(editActionOf(event));
  const open = (action: DialogAction) => () => setDialog(action);
  const root = useRef<HTMLDivElement>(null);
  // An action usually takes its own button away (Cancel event becomes Going ahead after all): once
  // the page has drawn the event anew, focus goes to the first action left rather than to <body>.
  const done = (action: OwnerAction) => {
    onDone(action);
    refocusIfLost(() => root.current?.querySelector<HTMLElement>('button:not([disabled]), a[href]')?.focus());
  };

  return (
    <div ref={root} className="flex flex-wrap gap-2">
      {event.can.edit ? (
        <ButtonLink to={editPath(event.id)} size={size} variant="secondary">
          <PencilLine aria-hidden="true" className="size-4" />
          {editLabel}
        </ButtonLink>
      ) : null}
      {scheduleActions && event.can.schedule && event.schedule === 'scheduled' ? (
        <>
          <Button size={size} variant="secondary" onClick={open('postponed')}>
            <CalendarClock aria-hidden="true" className="size-4" />
            {t('actions.postpone')}
          </Button>
          <Button size={size} variant="secondary" onClick={open('cancelled')}>
            <Ban aria-hidden="true" className="size-4" />
            {t('actions.cancel')}
          </Button>
        </>
      ) : null}
      {scheduleActions && event.can.schedule && event.schedule !== 'scheduled' ? (
        <Button size={size} variant="secondary" onClick={open('scheduled')}>
          <CalendarCheck aria-hidden="true" className="size-4" />
          {t('actions.reinstate')}
        </Button>
      ) : null}
      {event.can.withdraw ? (
        <Button size={size} variant="secondary" onClick={open('withdraw')}>
          <Undo2 aria-hidden="true" className="size-4" />
          {t('actions.withdraw')}
        </Button>
      ) : null}
      {event.can.moderate && event.status === 'approved' ? (
        <Button
          size={size}
          variant="secondary"
          disabled={setVerified.isPending}
          onClick={() =>
            setVerified.mutate(
              { event, verified: !event.verified },
              { onSuccess: () => done(event.verified ? 'unverified' : 'verified') },
            )
          }
        >
          {event.verified ? (
            <BadgeX aria-hidden="true" className="size-4" />
          ) : (
            <BadgeCheck aria-hidden="true" className="size-4" />
          )}
          {event.verified ? t('actions.unverify') : t('actions.verify')}
        </Button>
      ) : null}
      {event.can.moderate && event.status === 'approved' ? (
        <Button size={size} variant="danger" onClick={open('remove')}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('actions.remove')}
        </Button>
      ) : null}
      {event.submittedByViewer ? (
        <ButtonLink to={copyPath(event.id)} size={size} variant="ghost">
          <Copy aria-hidden="true" className="size-4" />
          {t('actions.copy')}
        </ButtonLink>
      ) : null}
      {dialog ? (
        <ActionDialog
          action={dialog}
          event={event}
          open={dialog !== null}
          onOpenChange={(next) => {
            if (!next) setDialog(null);
          }}
          onDone={done}
        />
      ) : null}
    </div>
  );
}
