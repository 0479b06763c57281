/**
 * A translator for the server's renders that remembers what it wrote. Server-only: in the browser
 * catalogs arrive while the page runs, so a message looked up before its catalog came would stay wrong.
 */
import type i18n from 'i18next';
import { remembered } from '../../common/remembered';

/**
 * Messages already translated, by language, namespaces, prefix, key and options (only plain options:
 * see `plainOptions`). Every catalog is loaded at start and never changes on the server, so a message reads
 * the same on every page: i18next's lookup was ~11% of a home page's render (bench/NOTES.md). Emptied
 * when full.
 */
const translated = remembered<unknown>(20_000);

type FixedT = ReturnType<typeof i18n.getFixedT>;

/**
 * Options that say all a message depends on, and ask for text: none, a default text, or values that are
 * plain strings, numbers and booleans (what interpolation and plurals read). Anything else (objects,
 * functions, `returnObjects` and `returnDetails`, whose answers are not text) is never remembered.
 */
function plainOptions(options: unknown): boolean {
  if (options === undefined || typeof options === 'string') return true;
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype)
    return false;
  if ('returnObjects' in options || 'returnDetails' in options) return false;
  return Object.values(options).every(
    (value) => value === undefined || ['string', 'number', 'boolean'].includes(typeof value),
  );
}

/**
 * `instance.getFixedT` (what react-i18next's `useTranslation` asks for), whose `t` remembers plain
 * messages (see `translated`); a call with other options goes to i18next as it was.
 */
export function rememberingGetFixedT(instance: typeof i18n): typeof i18n.getFixedT {
  // Each component that translates asks for its `t` on every render: the same few (language,
  // namespaces, prefix) each time, so each is made once.
  const made = new Map<string, FixedT>();
  return ((...fixedArgs: Parameters<typeof i18n.getFixedT>) => {
    const [lng, nsArg, prefix] = fixedArgs;
    const key =
      typeof prefix === 'function' || (lng !== null && lng !== undefined && typeof lng !== 'string')
        ? null
        : [lng ?? instance.language, [nsArg ?? ''].flat().join(','), prefix ?? ''].join('\u0000');
    const kept = key === null ? undefined : made.get(key);
    if (kept) return kept;
    const madeNow = makeFixedT(instance, fixedArgs);
    if (key !== null) {
      if (made.size >= 500) made.clear();
      made.set(key, madeNow);
    }
    return madeNow;
  }) as typeof i18n.getFixedT;
}

/** i18next's fixed `t` for these arguments, remembering plain messages (see `translated`). */
function makeFixedT(instance: typeof i18n, fixedArgs: Parameters<typeof i18n.getFixedT>): FixedT {
  const fixed = instance.getFixedT(...fixedArgs) as FixedT & {
    lng?: string;
    lngs?: string[];
    ns?: unknown;
    keyPrefix?: unknown;
  };
  const [, ns, keyPrefix] = fixedArgs;
  if (typeof keyPrefix === 'function') return fixed;
  const scope = [fixed.lng ?? fixed.lngs ?? instance.language, ns ?? '', keyPrefix ?? ''].join('\u0000');
  const remembering = (key: unknown, ...rest: unknown[]) => {
    const call = () => (fixed as unknown as (...args: unknown[]) => unknown)(key, ...rest);
    const [options] = rest;
    if (typeof key !== 'string' || rest.length > 1 || !plainOptions(options)) return call();
    return translated(
      `${scope}\u0000${key}\u0000${options === undefined ? '' : JSON.stringify(options)}`,
      call,
    );
  };
  // What i18next hangs on its fixed `t` (react-i18next's Trans reads them).
  return Object.assign(remembering, {
    lng: fixed.lng,
    lngs: fixed.lngs,
    ns: fixed.ns,
    keyPrefix: fixed.keyPrefix,
  }) as unknown as FixedT;
}
