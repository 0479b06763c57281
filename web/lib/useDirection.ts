import { DEFAULT_LANGUAGE, directionOf, isLanguage } from '../../common/i18n/languages';
import { useTranslation } from '../i18n/react';

/**
 * The page's writing direction, for components that lay themselves out by it (Radix's tabs and menus
 * take `dir`, and default to left to right: arrow keys and placement would be backwards in Arabic).
 */
export function useDirection(): 'ltr' | 'rtl' {
  const { i18n } = useTranslation();
  return directionOf(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
}
