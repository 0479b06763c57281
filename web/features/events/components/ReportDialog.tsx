import * as Dialog from '@radix-ui/react-dialog';
import { Flag, LogIn, ShieldCheck, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { REPORT_REASONS, type ReportReason } from '../../../../common/moderationEnums';
import type { Permission } from '../../../../common/schemas/permissions';
import { ConfirmEmailNotice } from '../../../components/ConfirmEmailNotice';
import { SignInButton } from '../../../components/SignInButton';
import { Button } from '../../../components/ui/Button';
import { DialogActions } from '../../../components/ui/DialogActions';
import { Notice } from '../../../components/ui/Notice';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError, isNotFound, isWorthShowing } from '../../../lib/api';
import { apiErrorText } from '../../../lib/errorTexts';
import { useSession } from '../../../lib/session';
import reportCatalog from '../../../locales/en/report.json';
import { useForgetGoneEvent } from '../api/event';
import { useReportEvent } from '../api/reportEvent';

addCatalog('report', reportCatalog);

export interface ReportButtonProps {
  eventId: string;
  /** The server's `can.report` for this event: with 'confirm_email' the dialog says so instead of asking. */
  permission: Permission;
  /** Called once the server has accepted the report; the page then shows its thank-you banner. */
  onReported: () => void;
  /**
   * Called when the server says the session has ended (401). The session is then asked again; once it
   * says signed out, the page drops this button (and its dialog) and shows `ReportSignedOutNotice`.
   */
  onSessionEnded?: () => void;
}

/**
 * The "Report" button and its dialog (docs/PRODUCT.md#reports). Rendered by the event page only for
 * signed-in people. Radix traps focus inside, closes on Escape and gives focus back to the button.
 */
export function ReportButton({ eventId, permission, onReported, onSessionEnded }: ReportButtonProps) {
  // The messages catalog beside the dialog's own, loaded together (this button hydrates on event pages).
  const { t } = useTranslation(['report', 'messages']);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [missingReason, setMissingReason] = useState(false);
  const report = useReportEvent(eventId, { onSessionEnded });
  const forgetGoneEvent = useForgetGoneEvent(eventId);
  const questionId = useId();
  const missingId = useId();
  const firstRadioRef = useRef<HTMLInputElement>(null);
  // Reports wait for a confirmed address (docs/EMAIL.md): the dialog says so instead of asking why.
  const user = useSession().data?.user;
  const mustConfirm = permission === 'confirm_email';

  const reset = () => {
    setReason(null);
    setMissingReason(false);
    report.reset();
  };

  const handleOpenChange = (next: boolean) => {
    // Once sent, the report stays open until the server answers: closing would hide its outcome.
    if (!next && report.isPending) return;
    setOpen(next);
    if (next) return;
    // The report found the event gone: once its dialog is closed, the page stops showing it as live.
    if (isNotFound(report.error)) void forgetGoneEvent();
    reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setMissingReason(true);
      firstRadioRef.current?.focus();
      return;
    }
    report.mutate(
      { reason },
      {
        onSuccess: () => {
          handleOpenChange(false);
          onReported();
        },
      },
    );
  };

  const error = report.error;
  // The server's words when they help (rate limit, signed out, event gone); otherwise the short line only.
  const detail = isWorthShowing(error) ? apiErrorText(error, t) : null;
  const busy = report.isPending;
  // Gone (removed, or never visible): sending it again cannot work, so the dialog offers only Close.
  const gone = isNotFound(error);
  const explain = (headline: string) => (
    <>
      <p className="font-semibold">{headline}</p>
      {detail ? <p className="mt-1">{detail}</p> : null}
    </>
  );

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Flag aria-hidden="true" className="size-4" />
          {t('button')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 backdrop-blur-[1px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl border border-stone-200 bg-white p-5 shadow-xl sm:p-6 dark:border-stone-700 dark:bg-stone-900"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-950 dark:text-white">
              {t('title')}
            </Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={t('close')}
                disabled={busy}
                className="-m-1.5 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-stone-100"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Close>
          </div>

          {mustConfirm && user ? (
            <div className="mt-4 space-y-6">
              <ConfirmEmailNotice email={user.email} />
              <div className="flex justify-end">
                <Dialog.Close asChild>
                  <Button>{t('close')}</Button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form onSubmit={handleSubmit} noValidate className="mt-4">
              <fieldset
                aria-describedby={missingReason ? missingId : undefined}
                aria-invalid={missingReason || undefined}
                disabled={busy || gone}
              >
                <legend id={questionId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
                  {t('question')}
                </legend>
                <div className="mt-3 space-y-2">
                  {REPORT_REASONS.map((value, index) => (
                    <label
                      key={value}
                      className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 p-3 transition-colors hover:bg-stone-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 dark:border-stone-600 dark:hover:bg-stone-800 dark:has-[:checked]:border-brand-100 dark:has-[:checked]:bg-brand-900/40"
                    >
                      <input
                        ref={index === 0 ? firstRadioRef : undefined}
                        type="radio"
                        name="reason"
                        value={value}
                        checked={reason === value}
                        onChange={() => {
                          setReason(value);
                          setMissingReason(false);
                        }}
                        className="mt-1 size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
                      />
                      <span>
                        <span className="block font-medium text-stone-900 dark:text-stone-100">
                          {t(`common:reportReasons.${value}`)}
                        </span>
                        <span className="block text-sm text-stone-600 dark:text-stone-400">
                          {t(`reasonHints.${value}`)}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
                {missingReason ? (
                  <p id={missingId} className="mt-2 text-sm font-medium text-danger-600 dark:text-red-300">
                    {t('chooseReason')}
                  </p>
                ) : null}
              </fieldset>

              <p className="mt-4 flex items-start gap-2 text-sm text-stone-600 dark:text-stone-400">
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {t('privacy')}
              </p>

              <DialogActions
                layout="stacked"
                className="mt-6"
                cancelLabel={t('cancel')}
                confirmLabel={t('submit')}
                busyLabel={t('submitting')}
                busy={busy}
                error={
                  error
                    ? explain(
                        // Over the limit, the server's sentence says when to report again.
                        error instanceof ApiRequestError && error.code === 'rate_limited'
                          ? t('limited')
                          : t('failed'),
                      )
                    : null
                }
                closeLabel={t('close')}
                final={gone ? explain(t('gone')) : null}
              />
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Shown by the event page in place of the Report button when a report was refused because the
 * session had ended: the report was not sent, and signing in again is the way to send it. Takes focus
 * when it appears, since the dialog that had it is gone.
 */
export function ReportSignedOutNotice() {
  const { t } = useTranslation('report');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="mt-4 rounded-lg focus:outline-none"
      data-testid="report-signed-out"
    >
      <Notice tone="warning" className="sm:flex sm:items-center sm:justify-between sm:gap-4">
        <span>
          <strong className="block font-semibold">{t('sessionEnded.title')}</strong>
          {t('sessionEnded.text')}
        </span>
        <SignInButton size="sm" variant="secondary" className="mt-3 shrink-0 sm:mt-0">
          <LogIn aria-hidden="true" className="size-4" />
          {t('sessionEnded.signIn')}
        </SignInButton>
      </Notice>
    </div>
  );
}
