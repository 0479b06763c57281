import { useLayoutEffect, useRef } from 'react';

/**
 * Focus back where it was when a Radix dialog opened by a click or a key (not by a Radix trigger,
 * which Radix would focus itself) closes: the returned handler is the dialog's `onCloseAutoFocus`.
 * What had focus is remembered in a layout effect, which runs before Radix moves focus into the
 * dialog. When that control is gone or disabled (its action took it away), `fallback` decides.
 */
export function useFocusReturn(open: boolean, fallback?: () => void): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (event) => {
    event.preventDefault();
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected && !(target as HTMLButtonElement).disabled) target.focus();
    else fallback?.();
  };
}

/**
 * Once React has drawn what an action changed: when the action took the focused control away (a card
 * that left its list, Cancel event become Going ahead after all), focus goes where `refocus` puts it
 * rather than stay on <body>, the page's start for a keyboard.
 */
export function refocusIfLost(refocus: () => void): void {
  window.setTimeout(() => {
    if (document.activeElement === document.body || document.activeElement === null) refocus();
  }, 0);
}
