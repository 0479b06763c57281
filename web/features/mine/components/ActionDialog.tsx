import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useId, useLayoutEffect, useState } from 'react';
import type { Schedule } from '../../../../common/enums';
import { LIMITS } from '../../../../common/limits';
import type { EventDto } from '../../../../common/schemas/events';
import { DialogActions } from '../../../components/ui/DialogActions';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { errorText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { useFocusReturn } from '../../../lib/useFocusReturn';
import { useChangeSchedule, useRemoveAsModerator, useWithdrawEvent } from '../api/mine';

/** What an owner's dialog does: withdraw the event, set its schedule, or (a moderator) remove it. */
export type DialogAction = 'withdraw' | Schedule | 'remove';
/** What the owner panel can report as done: a dialog's action, or a moderator's verification. */
export type OwnerAction = DialogAction | 'verified' | 'unverified';

/**
 * Confirm an organiser's action on their event (docs/PRODUCT.md#my-events): Withdraw, Cancel, Postpone
 * (with an optional note for attendees), or back to going ahead. Radix traps focus and closes on Escape;
 * opened by a button's click rather than a Radix trigger, the dialog gives focus back to that button
 * itself (OwnerActions finds another when the action took it away). A refusal is said in the dialog; a
 * stale version (someone changed the event meanwhile) says to close and try again, the page having
 * refreshed.
 */
export function ActionDialog({
  action,
  event,
  open,
  onOpenChange,
  onDone,
}: {
  action: DialogAction;
  /** The event acted on (a date of a series: its title names the date too). */
  event: Pick<EventDto, 'id' | 'version' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (action: OwnerAction) => void;
}) {
  const { t } = useTranslation('mine');
  const tm = useMessages();
  const withdraw = useWithdrawEvent();
  const schedule = useChangeSchedule();
  const remove = useRemoveAsModerator();
  const mutation = action === 'withdraw' ? withdraw : action === 'remove' ? remove : schedule;
  const [note, setNote] = useState('');
  const noteId = useId();
  const hintId = useId();
  // A removal needs the reason its submitter reads in the log; a cancellation may have a note.
  const withNote = action === 'cancelled' || action === 'postponed' || action === 'remove';
  const noteRequired = action === 'remove';
  const returnFocus = useFocusReturn(open);

  useLayoutEffect(() => {
    if (!open) return;
    setNote('');
    withdraw.reset();
    schedule.reset();
    remove.reset();
  }, [open, withdraw.reset, schedule.reset, remove.reset]);

  const error = mutation.error;
  const stale = error instanceof ApiRequestError && error.status === 409;
  const busy = mutation.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const done = () => {
      onOpenChange(false);
      onDone(action);
    };
    if (action === 'withdraw') withdraw.mutate(event, { onSuccess: done });
    else if (action === 'remove') {
      if (note.trim()) remove.mutate({ event, reason: note.trim() }, { onSuccess: done });
    } else schedule.mutate({ event, schedule: action, note: note.trim() || undefined }, { onSuccess: done });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content
          data-testid="owner-dialog"
          onCloseAutoFocus={returnFocus}
          className="fixed start-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl rtl:translate-x-1/2 dark:bg-stone-900"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900 dark:text-stone-50">
              {t(`dialog.${action}.title`)}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('dialog.close')}
              disabled={busy}
              className="rounded-md p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {t(`dialog.${action}.description`, { title: event.title })}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            {withNote ? (
              <div className="space-y-1.5">
                <label
                  htmlFor={noteId}
                  className="block text-sm font-medium text-stone-900 dark:text-stone-100"
                >
                  {noteRequired ? (
                    <>
                      {t('dialog.reasonLabel')} <span aria-hidden="true">*</span>
                    </>
                  ) : (
                    t('dialog.noteLabel')
                  )}
                </label>
                <textarea
                  id={noteId}
                  name="note"
                  dir="auto"
                  rows={3}
                  required={noteRequired}
                  maxLength={noteRequired ? LIMITS.reasonMax : LIMITS.scheduleNoteMax}
                  aria-describedby={hintId}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus-visible:border-brand-700 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
                />
                <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
                  {noteRequired ? t('dialog.reasonHint') : t('dialog.noteHint')}
                </p>
              </div>
            ) : null}
            <DialogActions
              cancelLabel={t('dialog.back')}
              confirmLabel={t(`dialog.${action}.submit`)}
              busyLabel={t(`dialog.${action}.submitting`)}
              busy={busy}
              confirmDisabled={noteRequired && !note.trim()}
              variant={action === 'scheduled' ? 'primary' : 'danger'}
              error={
                error && !stale ? t('dialog.failed', { message: errorText(error, tm, error.message) }) : null
              }
              final={stale ? t('dialog.stale') : null}
              closeLabel={t('dialog.close')}
              layout="stacked"
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
