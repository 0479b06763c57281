import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '../../common/i18n/languages';
import arAccount from '../../web/locales/ar/account.json';
import arCalendar from '../../web/locales/ar/calendar.json';
import arCommon from '../../web/locales/ar/common.json';
import arEmail from '../../web/locales/ar/email.json';
import arEvent from '../../web/locales/ar/event.json';
import arEvents from '../../web/locales/ar/events.json';
import deAccount from '../../web/locales/de/account.json';
import deCalendar from '../../web/locales/de/calendar.json';
import deCommon from '../../web/locales/de/common.json';
import deEmail from '../../web/locales/de/email.json';
import deEvent from '../../web/locales/de/event.json';
import deEvents from '../../web/locales/de/events.json';
import enAccount from '../../web/locales/en/account.json';
import enCalendar from '../../web/locales/en/calendar.json';
import enCommon from '../../web/locales/en/common.json';
import enEmail from '../../web/locales/en/email.json';
import enEvent from '../../web/locales/en/event.json';
import enEvents from '../../web/locales/en/events.json';
import esAccount from '../../web/locales/es/account.json';
import esCalendar from '../../web/locales/es/calendar.json';
import esCommon from '../../web/locales/es/common.json';
import esEmail from '../../web/locales/es/email.json';
import esEvent from '../../web/locales/es/event.json';
import esEvents from '../../web/locales/es/events.json';
import frAccount from '../../web/locales/fr/account.json';
import frCalendar from '../../web/locales/fr/calendar.json';
import frCommon from '../../web/locales/fr/common.json';
import frEmail from '../../web/locales/fr/email.json';
import frEvent from '../../web/locales/fr/event.json';
import frEvents from '../../web/locales/fr/events.json';
import idAccount from '../../web/locales/id/account.json';
import idCalendar from '../../web/locales/id/calendar.json';
import idCommon from '../../web/locales/id/common.json';
import idEmail from '../../web/locales/id/email.json';
import idEvent from '../../web/locales/id/event.json';
import idEvents from '../../web/locales/id/events.json';
import itAccount from '../../web/locales/it/account.json';
import itCalendar from '../../web/locales/it/calendar.json';
import itCommon from '../../web/locales/it/common.json';
import itEmail from '../../web/locales/it/email.json';
import itEvent from '../../web/locales/it/event.json';
import itEvents from '../../web/locales/it/events.json';
import ptAccount from '../../web/locales/pt/account.json';
import ptCalendar from '../../web/locales/pt/calendar.json';
import ptCommon from '../../web/locales/pt/common.json';
import ptEmail from '../../web/locales/pt/email.json';
import ptEvent from '../../web/locales/pt/event.json';
import ptEvents from '../../web/locales/pt/events.json';
import trAccount from '../../web/locales/tr/account.json';
import trCalendar from '../../web/locales/tr/calendar.json';
import trCommon from '../../web/locales/tr/common.json';
import trEmail from '../../web/locales/tr/email.json';
import trEvent from '../../web/locales/tr/event.json';
import trEvents from '../../web/locales/tr/events.json';
import urAccount from '../../web/locales/ur/account.json';
import urCalendar from '../../web/locales/ur/calendar.json';
import urCommon from '../../web/locales/ur/common.json';
import urEmail from '../../web/locales/ur/email.json';
import urEvent from '../../web/locales/ur/event.json';
import urEvents from '../../web/locales/ur/events.json';

/**
 * The words of everything the server writes itself (emails, the unsubscribe page, calendar files,
 * feeds, the embed page, page titles): the web app's own catalogs (web/locales/<lang>/<namespace>.json),
 * so the app and what the server writes never disagree. Imported one by one, not read from disk, so
 * the bundled server (scripts/build.mjs, esbuild) carries them; a test checks every language is here.
 */
export const SERVER_NAMESPACES = ['account', 'calendar', 'common', 'email', 'event', 'events'] as const;
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

export const SERVER_RESOURCES = {
  en: {
    account: enAccount,
    calendar: enCalendar,
    common: enCommon,
    email: enEmail,
    event: enEvent,
    events: enEvents,
  },
  ar: {
    account: arAccount,
    calendar: arCalendar,
    common: arCommon,
    email: arEmail,
    event: arEvent,
    events: arEvents,
  },
  fr: {
    account: frAccount,
    calendar: frCalendar,
    common: frCommon,
    email: frEmail,
    event: frEvent,
    events: frEvents,
  },
  es: {
    account: esAccount,
    calendar: esCalendar,
    common: esCommon,
    email: esEmail,
    event: esEvent,
    events: esEvents,
  },
  de: {
    account: deAccount,
    calendar: deCalendar,
    common: deCommon,
    email: deEmail,
    event: deEvent,
    events: deEvents,
  },
  it: {
    account: itAccount,
    calendar: itCalendar,
    common: itCommon,
    email: itEmail,
    event: itEvent,
    events: itEvents,
  },
  tr: {
    account: trAccount,
    calendar: trCalendar,
    common: trCommon,
    email: trEmail,
    event: trEvent,
    events: trEvents,
  },
  id: {
    account: idAccount,
    calendar: idCalendar,
    common: idCommon,
    email: idEmail,
    event: idEvent,
    events: idEvents,
  },
  pt: {
    account: ptAccount,
    calendar: ptCalendar,
    common: ptCommon,
    email: ptEmail,
    event: ptEvent,
    events: ptEvents,
  },
  ur: {
    account: urAccount,
    calendar: urCalendar,
    common: urCommon,
    email: urEmail,
    event: urEvent,
    events: urEvents,
  },
} satisfies Record<Language, Record<ServerNamespace, object>>;

const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGE_CODES],
  ns: [...SERVER_NAMESPACES],
  defaultNS: 'common',
  resources: SERVER_RESOURCES,
  // Our HTML and XML writers escape every value themselves.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const translators = new Map<string, TFunction>();

/**
 * `t` in `language`, keys of `namespace` without a prefix (others as `common:event.online`). Made once
 * per language and namespace.
 */
export function translatorFor(language: Language, namespace: ServerNamespace = 'common'): TFunction {
  const key = `${language}|${namespace}`;
  let t = translators.get(key);
  if (!t) {
    t = i18n.getFixedT(language, namespace) as TFunction;
    translators.set(key, t);
  }
  return t;
}

/** Whether `key` has a message in `language` (or English, which every language falls back to). */
export const hasText = (language: Language, key: string, namespace: ServerNamespace = 'common'): boolean =>
  i18n.exists(key, { lng: language, ns: namespace });
