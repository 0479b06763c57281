/**
 * The languages the app speaks (docs/PRODUCT.md#languages). English is the source of every catalog
 * (web/locales/en); each other language has the same files with the same keys. `name` is the
 * language's own name, as people look for it in a menu.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
  { code: 'tr', name: 'Türkçe', dir: 'ltr' },
  { code: 'id', name: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'pt', name: 'Português', dir: 'ltr' },
  { code: 'ur', name: 'اردو', dir: 'rtl' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

export const directionOf = (language: Language): 'ltr' | 'rtl' =>
  LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';
