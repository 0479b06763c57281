import { useSyncExternalStore } from 'react';

/**
 * Code on its way: a page's or a view's chunk (web/app/router.tsx, the month view). The navigation
 * progress bar (web/app/ProgressBar.tsx) shows while any is loading, since the router keeps the old
 * page on screen meanwhile and nothing else would say that the click was taken.
 */
let loading = 0;
const listeners = new Set<() => void>();

// Told after the render that started the load: a store must not change under a render in progress.
const changed = () =>
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });

export function trackLoad<T>(load: Promise<T>): Promise<T> {
  loading++;
  changed();
  return load.finally(() => {
    loading--;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while some code trackLoad was given is still loading. */
export function useLoadingCode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}
