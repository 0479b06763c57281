import i18next, { type TFunction } from 'i18next';
import account from '../../web/locales/en/account.json';
import common from '../../web/locales/en/common.json';
import email from '../../web/locales/en/email.json';

/**
 * The words of emails and of the unsubscribe page: web/locales/en/email.json (with the kinds' labels of
 * account.json and the report reasons of common.json), beside the app's other catalogs so translators
 * find them together and the app and its emails never disagree.
 */
const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['email', 'account', 'common'],
  defaultNS: 'email',
  resources: { en: { email, account, common } },
  // Our HTML layouts escape every value themselves.
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const t: TFunction = i18n.t.bind(i18n);
export const hasText = (key: string): boolean => i18n.exists(key);
