import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../../common/limits';
import {
  DEFAULT_REMOVAL_REASON,
  PAST_EVENT_REMOVAL_REASON,
  reasonText,
} from '../../../../common/moderationEnums';
import type { PresetReason } from '../../../../common/schemas/presetReasons';
import { DialogActions } from '../../../components/ui/DialogActions';
import { useTranslation } from '../../../i18n/react';
import { useFocusReturn } from '../../../lib/useFocusReturn';
import type { ActionError } from '../lib/actionError';

/** The actions that need a reason before they run; each has its own block in the catalog. */
export type ReasonAction = 'reject' | 'remove' | 'removePast' | 'rejectChange' | 'removeListed';
/** A published event's schedule: cancelled or postponed with an optional note for attendees, or going ahead again. */
export type ScheduleAction = 'cancelEvent' | 'postpone' | 'reinstate';
/** Every action this dialog confirms. */
export type DialogAction = ReasonAction | ScheduleAction;

/** Which preset reasons each reason action offers (docs/PRODUCT.md#moderation). */
export const PRESET_KIND_OF: Record<ReasonAction, PresetReason['kind']> = {
  reject: 'reject',
  rejectChange: 'reject',
  remove: 'remove',
  removePast: 'remove',
  removeListed: 'remove',
};

export const isReasonAction = (action: DialogAction): action is ReasonAction =>
  action !== 'cancelEvent' && action !== 'postpone' && action !== 'reinstate';

/**
 * What each action asks for. A reason is required: it starts empty for Reject (the moderator writes it)
 * and as the standard reason for removals (shown in the moderator's language, sent in the spec's words
 * when left as it was: common/moderationEnums.ts reasonText). A schedule note is optional, and going ahead again has none.
 */
const FIELDS: Record<DialogAction, { initial: string; required: boolean; max: number } | null> = {
  reject: { initial: '', required: true, max: LIMITS.reasonMax },
  rejectChange: { initial: '', required: true, max: LIMITS.reasonMax },
  removeListed: { initial: '', required: true, max: LIMITS.reasonMax },
  remove: { initial: DEFAULT_REMOVAL_REASON, required: true, max: LIMITS.reasonMax },
  removePast: { initial: PAST_EVENT_REMOVAL_REASON, required: true, max: LIMITS.reasonMax },
  cancelEvent: { initial: '', required: false, max: LIMITS.scheduleNoteMax },
  postpone: { initial: '', required: false, max: LIMITS.scheduleNoteMax },
  reinstate: null,
};

/**
 * The confirmation modal of Reject (docs/PRODUCT.md#moderation-dashboard: required reason, Cancel,
 * 'Reject Event' / 'Rejecting...'),
 * Remove Event and Remove Past Event (the standard reason, editable). The reason is required and
 * trimmed, at most the server's length. Cancel Event and Postpone take an optional note for attendees
 * (docs/PRODUCT.md#cancelled-and-postponed); Going Ahead After All only asks to confirm. Radix traps focus and closes on Escape; on close focus goes
 * back to the button that opened it, or to `fallbackFocus` when that button has gone with its event.
 * When the server says the action can no longer be taken (another moderator acted first, the event is
 * gone), the dialog says so and offers only Close: a retry could not work.
 */
export function ReasonDialog({
  action,
  title,
  open,
  busy,
  error,
  onOpenChange,
  onConfirm,
  fallbackFocus,
  initialReason = null,
  presets = [],
  description,
}: {
  action: DialogAction;
  /** The event's title, for the action's sentence about it (not needed with `description`). */
  title?: string;
  open: boolean;
  busy: boolean;
  error: ActionError | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
  fallbackFocus?: () => void;
  /** A reason the server refused earlier because the session had ended (lib/keptReason.ts). */
  initialReason?: string | null;
  /** The moderators' preset reasons of every kind; the dialog offers those of its action's kind. */
  presets?: PresetReason[];
  /** What the dialog says instead of the action's sentence about one event (a bulk decision's). */
  description?: string;
}) {
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // Opened by the card's button, not a Radix trigger: focus goes back to it by hand, or, when the
  // event's card has left the list with it, somewhere stable rather than <body>.
  const returnFocus = useFocusReturn(open, fallbackFocus);
  const reasonId = useId();
  const hintId = useId();
  const emptyId = useId();
  const presetId = useId();
  const offered = isReasonAction(action) ? presets.filter((p) => p.kind === PRESET_KIND_OF[action]) : [];

  // Each opening starts afresh.
  useLayoutEffect(() => {
    if (!open) return;
    setReason(initialReason ?? reasonText(FIELDS[action]?.initial ?? '', t));
    setTouched(false);
  }, [open, action, initialReason, t]);

  const field = FIELDS[action];
  const required = field?.required === true;
  const final = error?.final === true;
  const empty = reason.trim() === '';
  const missing = required && empty;
  const showEmpty = missing && touched && !final;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing || busy || final) return;
    const standard = field?.initial ?? '';
    const written = reason.trim();
    onConfirm(standard && written === reasonText(standard, t) ? standard : written);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content
          data-testid="reason-dialog"
          onOpenAutoFocus={(e) => {
            // Straight to the reason: write it (Reject) or read and adjust the default (removals).
            // Without a field (going ahead again), Radix focuses the first button as usual.
            const textarea = reasonRef.current;
            if (!textarea) return;
            e.preventDefault();
            textarea.focus();
            textarea.setSelectionRange(textarea.value.length, textarea.value.length);
          }}
          onCloseAutoFocus={returnFocus}
          className="fixed start-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl rtl:translate-x-1/2 dark:bg-stone-900"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900 dark:text-stone-50">
              {t(`${action}.title`)}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t(`${action}.close`)}
              disabled={busy}
              className="rounded-md p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {description ?? t(`${action}.description`, { title })}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            {offered.length > 0 && !final ? (
              // Choosing one fills the reason, which stays editable (docs/PRODUCT.md#moderation).
              <div className="space-y-1.5">
                <label
                  htmlFor={presetId}
                  className="block text-sm font-medium text-stone-900 dark:text-stone-100"
                >
                  {t('presets.choose')}
                </label>
                <select
                  id={presetId}
                  value=""
                  onChange={(e) => {
                    const chosen = offered.find((p) => p.id === e.target.value);
                    if (!chosen) return;
                    setReason(chosen.text);
                    setTouched(true);
                  }}
                  className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
                >
                  <option value="">{t('presets.placeholder')}</option>
                  {offered.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.text.length > 80 ? `${p.text.slice(0, 79)}…` : p.text}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {field ? (
              <div className="space-y-1.5">
                <label
                  htmlFor={reasonId}
                  className="block text-sm font-medium text-stone-900 dark:text-stone-100"
                >
                  {required ? (
                    <>
                      {t(`${action}.reasonLabel`)} <span aria-hidden="true">*</span>
                    </>
                  ) : (
                    t('note.label')
                  )}
                </label>
                <textarea
                  ref={reasonRef}
                  id={reasonId}
                  dir="auto"
                  aria-describedby={showEmpty ? `${emptyId} ${hintId}` : hintId}
                  aria-invalid={showEmpty || undefined}
                  required={required}
                  readOnly={final}
                  rows={required ? 4 : 3}
                  maxLength={field.max}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setTouched(true);
                  }}
                  className={`block w-full rounded-lg border bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 read-only:bg-stone-100 focus-visible:border-brand-700 dark:bg-stone-950 dark:text-stone-100 dark:read-only:bg-stone-800 ${
                    showEmpty
                      ? 'border-danger-600 dark:border-red-400'
                      : 'border-stone-300 dark:border-stone-600'
                  }`}
                />
                {showEmpty ? (
                  <p id={emptyId} className="text-sm font-medium text-danger-700 dark:text-red-300">
                    {t('reasonRequired')}
                  </p>
                ) : null}
                <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
                  {final && !empty
                    ? t('stale.reasonKept')
                    : initialReason !== null
                      ? t('keptReason.restored')
                      : required
                        ? t(`${action}.reasonHint`)
                        : t('note.hint')}
                </p>
              </div>
            ) : null}
            <DialogActions
              cancelLabel={t(`${action}.cancel`)}
              confirmLabel={t(`${action}.submit`)}
              busyLabel={t(`${action}.submitting`)}
              busy={busy}
              confirmDisabled={missing}
              variant={action === 'reinstate' ? 'primary' : 'danger'}
              error={error ? t('failed', { message: error.message }) : null}
              closeLabel={t('stale.close')}
              final={
                final && error ? (
                  <>
                    <strong className="font-semibold">{t('stale.lead')}</strong> {error.message}{' '}
                    {t('stale.refreshed')}
                  </>
                ) : null
              }
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
