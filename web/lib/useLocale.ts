import { useTranslation } from 'react-i18next';
import { localeOfI18n } from '../i18n/index';

/** The Intl locale of the language the page is shown in: dates, times and numbers in its own form. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeOfI18n(i18n);
}
