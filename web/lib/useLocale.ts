import { localeOfI18n } from '../i18n/index';
import { useTranslation } from '../i18n/react';

/** The Intl locale of the language the page is shown in: dates, times and numbers in its own form. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeOfI18n(i18n);
}
