/**
 * Code fetched when first needed and kept: `load()` starts the fetch (once; again after a failure, so
 * a flaky connection is tried anew the next time it is needed), `loaded()` is the result once here.
 */
export function loadOnce<T>(fetch: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | null } {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load() {
      pending ??= fetch().then(
        (result) => {
          value = result;
          return result;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}
