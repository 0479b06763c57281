import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from the next render
 * on (and at once for pages the browser renders itself). What cannot be the same on the server and in
 * the browser waits for true, so the hydrated page matches the server's: what depends on the viewer's
 * clock and time zone, and controls that work without JavaScript until the app takes them over (the
 * header's disclosure, a card's .ics link).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
