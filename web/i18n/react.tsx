import type { i18n as I18n, Namespace, TFunction } from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import i18n, { defaultNS } from './index';

/**
 * How components translate: `useTranslation(namespace)` gives the `t` of the page's language and that
 * namespace, as react-i18next's hook of the same name did, for what this app asks of it and no more.
 * react-i18next's hook, with what it brings, was 2.1 KB of the home page's first-load JavaScript
 * (gzipped; issue 21's budget is 120 KB) and, on the server, made a copy of the i18n instance for every
 * component that translates (bench/NOTES.md). Its `<Trans>` is still used, in the two lazily loaded
 * places where a message holds markup (given `t` and `i18n` as props).
 *
 * - The instance is the app's (web/i18n/index.ts) unless an `I18nProvider` gives another: the
 *   server's renders each read their request's language through one (web/entry-server.tsx), and note
 *   in its `used` set the namespaces the page asked for, so that the page can hint their catalogs.
 * - A component re-renders when the instance's language changes.
 * - A namespace not yet loaded in that language (another language's catalog, fetched on demand)
 *   suspends the component until it is: the nearest `<Suspense>` shows its fallback meanwhile. A
 *   catalog that fails to load falls back to English (i18next's `fallbackLng`), so nothing suspends
 *   twice.
 */
const I18nContext = createContext<{ i18n: I18n; used?: Set<string> }>({ i18n });

export function I18nProvider({
  i18n: instance,
  used,
  children,
}: {
  i18n: I18n;
  used?: Set<string>;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ i18n: instance, used }), [instance, used]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useTranslation<const Ns extends Namespace = typeof defaultNS>(
  namespace?: Ns,
): { t: TFunction<Ns>; i18n: I18n } {
  const { i18n: instance, used } = useContext(I18nContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      instance.on('languageChanged', onChange);
      return () => instance.off('languageChanged', onChange);
    },
    [instance],
  );
  const language = useSyncExternalStore(
    subscribe,
    () => instance.language,
    () => instance.language,
  );
  const namespaces: readonly string[] = namespace === undefined ? [defaultNS] : [namespace].flat();
  // The first namespace is `t`'s own; the others are read as `namespace:key` (i18next's `nsSeparator`).
  const first = namespaces[0];
  if (used) for (const name of namespaces) used.add(name);
  const t = useMemo(() => instance.getFixedT(language, first), [instance, language, first]);
  const ready = () => namespaces.every((name) => instance.hasLoadedNamespace(name));
  if (!ready()) {
    const load = instance.loadNamespaces([...namespaces]);
    // A catalog the backend has at hand (an English one, which is never fetched) is loaded by the
    // time `loadNamespaces` returns: suspending for it would swap the page for its fallback for a
    // moment. Only a catalog still on its way suspends the component.
    // Thrown, not passed to `use`: React replays a component that `use` suspends, which during
    // hydration failed with its own error #467 (its "update hook called on initial render"); a thrown
    // promise makes React put the component aside and render it again once the promise settles.
    if (!ready()) throw load;
  }
  return { t: t as TFunction<Ns>, i18n: instance };
}
