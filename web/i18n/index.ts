import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import events from '../locales/en/events.json';

/**
 * Every string the UI shows comes from a catalog in web/locales/<lang>/<namespace>.json, English being
 * the source. Feature pages loaded on demand add their own namespace with `addCatalog`.
 */
export const defaultNS = 'common';

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  ns: ['common', 'events'],
  resources: { en: { common, events } },
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

/** Register a lazily loaded feature's catalog (called at the top of that feature's module). */
export function addCatalog(ns: string, messages: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle('en', ns)) i18n.addResourceBundle('en', ns, messages, true, true);
}

export default i18n;
