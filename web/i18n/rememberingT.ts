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
  // namespaces, prefix) each time, so each is made once, named by the scope its messages are kept in.
  const made = new Map<string, FixedT>();
  return ((...fixedArgs: Parameters<typeof i18n.getFixedT>) => {
    const [lng, ns, keyPrefix] = fixedArgs;
    // A prefix that is a function, or several languages at once: i18next's own, nothing remembered.
    if (typeof keyPrefix === 'function' || (lng != null && typeof lng !== 'string')) {
      return instance.getFixedT(...fixedArgs);
    }
    const namespaces = typeof ns === 'string' ? ns : [ns ?? ''].flat().join(',');
    const scope = `${lng ?? instance.language}\u0000${namespaces}\u0000${keyPrefix ?? ''}`;
    let t = made.get(scope);
    if (!t) {
      if (made.size >= 500) made.clear();
      t = remembering(instance.getFixedT(...fixedArgs), scope);
      made.set(scope, t);
    }
    return t;
  }) as typeof i18n.getFixedT;
}

/**
 * i18next's fixed `t`, remembering its plain messages: those without options by their key in this `t`'s
 * own table, the others in `translated` under `scope`.
 */
function remembering(fixed: FixedT, scope: string): FixedT {
  const call = fixed as unknown as (...args: unknown[]) => unknown;
  // Messages without options, the most asked, by their key alone: a page asks ~300 of them.
  const plain = remembered<unknown>(1000);
  const t = (key: unknown, ...rest: unknown[]) => {
    const [options] = rest;
    if (typeof key === 'string' && rest.length === 0) return plain(key, () => call(key));
    if (typeof key !== 'string' || rest.length > 1 || !plainOptions(options)) return call(key, ...rest);
    return translated(
      `${scope}\u0000${key}\u0000${options === undefined ? '' : JSON.stringify(options)}`,
      () => call(key, ...rest),
    );
  };
  // What i18next hangs on its fixed `t` (react-i18next's Trans reads them).
  const { lng, lngs, ns, keyPrefix } = fixed as FixedT & {
    lng?: string;
    lngs?: string[];
    ns?: unknown;
    keyPrefix?: unknown;
  };
  return Object.assign(t, { lng, lngs, ns, keyPrefix }) as unknown as FixedT;
}
