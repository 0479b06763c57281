import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './Button';
import { Notice } from './Notice';

const LAYOUTS = {
  /** Side by side at the end, wrapping when they do not fit. */
  inline: 'flex flex-wrap justify-end gap-2',
  /** Full width and stacked on phones, the confirm button on top; side by side at the end from `sm` up. */
  stacked: 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end',
} as const;

export type DialogActionsLayout = keyof typeof LAYOUTS;

export interface DialogActionsProps {
  cancelLabel: string;
  confirmLabel: string;
  /** Replaces the confirm label while the action runs ('Submitting...'). */
  busyLabel: string;
  /** While the action runs both buttons are disabled: nothing to cancel once it has been sent. */
  busy?: boolean;
  /** The form is not ready (an empty required field). */
  confirmDisabled?: boolean;
  /** `danger` for actions that take something down (red marks destructive actions: CONTRIBUTING.md#look-and-feel). */
  variant?: 'primary' | 'danger';
  /** Why the last attempt failed; the buttons stay, so the person can try again. */
  error?: ReactNode;
  /**
   * Set when the action can no longer be taken (someone else already did it, the thing is gone): it
   * says why, and one button, `closeLabel`, replaces Cancel and confirm. That button takes focus,
   * described by the explanation, so a screen reader reads both.
   */
  final?: ReactNode;
  closeLabel: string;
  layout?: DialogActionsLayout;
  className?: string;
}

/**
 * The footer of a dialog with a form: its error line, then Cancel (closes the dialog) and the submit
 * button with its busy state. Must sit inside a Radix `Dialog.Content` and a `<form>`.
 */
export function DialogActions({
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy = false,
  confirmDisabled = false,
  variant = 'primary',
  error,
  final,
  closeLabel,
  layout = 'inline',
  className = '',
}: DialogActionsProps) {
  const reasonId = useId();
  const rowRef = useRef<HTMLDivElement>(null);
  const closing = Boolean(final);

  // The confirm button, which had focus, has just gone: focus the one thing left to do.
  useEffect(() => {
    if (closing) rowRef.current?.querySelector('button')?.focus();
  }, [closing]);

  return (
    <div className={`space-y-4 ${className}`.trim()}>
      {closing ? (
        <Notice tone="warning">
          <div id={reasonId}>{final}</div>
        </Notice>
      ) : error ? (
        <Notice tone="error">{error}</Notice>
      ) : null}
      <div ref={rowRef} className={LAYOUTS[layout]}>
        {closing ? (
          <Dialog.Close asChild>
            <Button aria-describedby={reasonId}>{closeLabel}</Button>
          </Dialog.Close>
        ) : (
          <>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button
              type="submit"
              variant={variant}
              disabled={confirmDisabled || busy}
              aria-busy={busy || undefined}
            >
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {busy ? busyLabel : confirmLabel}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
