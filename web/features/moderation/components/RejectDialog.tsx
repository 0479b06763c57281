import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../common/limits';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';

/** The reject modal (spec §2): a required reason; Radix traps focus and closes on Escape. */
export function RejectDialog({
  title,
  open,
  busy,
  error,
  onOpenChange,
  onReject,
}: {
  title: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation('moderation');
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();
  // A fresh, empty reason each time the dialog opens.
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const empty = reason.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!empty && !busy) onReject(reason.trim());
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content className="fixed start-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl rtl:translate-x-1/2 dark:bg-stone-900">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900 dark:text-stone-50">
              {t('reject.title')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('reject.close')}
              disabled={busy}
              className="rounded-md p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {t('reject.description', { title })}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
            <div className="space-y-1.5">
              <label
                htmlFor={reasonId}
                className="block text-sm font-medium text-stone-900 dark:text-stone-100"
              >
                {t('reject.reasonLabel')} <span aria-hidden="true">*</span>
              </label>
              <textarea
                id={reasonId}
                aria-describedby={hintId}
                required
                rows={4}
                maxLength={LIMITS.reasonMax}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 focus-visible:border-brand-700 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
              />
              <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
                {t('reject.reasonHint')}
              </p>
            </div>
            {error ? <Notice tone="error">{t('failed', { message: error })}</Notice> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={busy}>
                  {t('reject.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" disabled={empty || busy} aria-busy={busy || undefined}>
                {busy ? t('reject.submitting') : t('reject.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
