import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language, localeOf } from '../../common/i18n/languages';
import common from '../locales/en/common.json';
import events from '../locales/en/events.json';

/**
 * Every string the UI shows comes from a catalog in web/locales/<lang>/<namespace>.json, English being
 * the source (docs/PRODUCT.md#languages). English's first catalogs are in the first bundle; feature
 * pages loaded on demand add theirs with `addCatalog`. Every other language's catalogs are chunks of
 * their own, one per language and namespace, fetched only when that language is shown: a visitor
 * reading French never downloads Arabic, and one reading English downloads no translation at all.
 */
export const defaultNS = 'common';

type Loaders = Record<string, () => Promise<Record<string, unknown>>>;

/**
 * A language's catalog loaders (web/i18n/catalogs/<lang>.ts), fetched once: a small chunk per language,
 * so the first bundle carries no list of every language's catalogs, and a page in Arabic fetches only
 * Arabic's list and catalogs (the server hints both in the HTML, server/html/catalogs.ts).
 */
const loadersByLanguage = new Map<string, Promise<Loaders>>();
function loadersOf(language: string): Promise<Loaders> {
  let loaders = loadersByLanguage.get(language);
  if (!loaders) {
    loaders = import(`./catalogs/${language}.ts`).then((module: { default: Loaders }) => module.default);
    loadersByLanguage.set(language, loaders);
  }
  return loaders;
}

const loadTranslation: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    // English is never fetched: its catalogs come with the code that uses them (addCatalog).
    if (language === DEFAULT_LANGUAGE || !isLanguage(language))
      return callback(null, i18n.getResourceBundle(language, namespace) ?? {});
    loadersOf(language)
      .then((loaders) => loaders[`../../locales/${language}/${namespace}.json`]?.() ?? {})
      .then(
        (messages) => callback(null, messages),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

void i18n.use(loadTranslation).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: false,
  defaultNS,
  ns: ['common', 'events'],
  resources: { en: { common, events } },
  // English is bundled; other languages come from the backend above.
  partialBundledLanguages: true,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

/** Register a lazily loaded feature's catalog (called at the top of that feature's module). */
export function addCatalog(ns: string, messages: Record<string, unknown>): void {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, messages, true, true);
}

/** The language the server wrote into the page (`<html lang>`), or English. */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * The language the server answers this browser in from now on, when it is not the page's: signing in
 * on a browser that had made no choice gives it the account's language (the `lang` cookie, which is
 * the page's to read). Null when nothing changed.
 */
export function languageChangedSincePageLoad(): Language | null {
  if (typeof document === 'undefined') return null;
  const remembered = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1];
  return isLanguage(remembered) && remembered !== pageLanguage() ? remembered : null;
}

/**
 * Switch to the page's language before the first render: its first catalogs are fetched (the server
 * hinted them in the HTML) so the first paint, or hydration, shows the same words the server sent.
 */
export async function startInPageLanguage(): Promise<void> {
  const language = pageLanguage();
  if (language === DEFAULT_LANGUAGE) return;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'events']);
}

/** The Intl locale of the current i18n instance's language (dates, numbers). */
export function localeOfI18n(instance: { language?: string }): string {
  return localeOf(isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE);
}

export default i18n;
