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

/** The locale Intl formats dates and numbers with for a language ('en' → 'en-US', as the spec's dates). */
export const localeOf = (language: Language): string => (language === 'en' ? 'en-US' : language);

/** The language of ours a tag names, in any case, its region ignored (`AR`, `ar-EG`, `pt_BR`), or null. */
export function languageOfTag(tag: string): Language | null {
  const code = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(code) ? code : null;
}

/**
 * The best of our languages for an `Accept-Language` header (`ar-EG,ar;q=0.9,en;q=0.5`), by quality
 * then order; a regional tag matches its language. Null when none of them is asked for.
 */
export function negotiateLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  let best: Language | null = null;
  let bestQ = 0;
  // Bounded: a header is at most a few hundred bytes in practice; longer ones are cut, not parsed.
  for (const part of header.slice(0, 1000).split(',', 40)) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    const code = languageOfTag(tag);
    if (quality > bestQ && code) {
      best = code;
      bestQ = quality;
    }
  }
  return best;
}

/** The language a request is answered in: its `?lang=`, then the remembered choice (cookie), then the browser's. */
export function chooseLanguage(choice: {
  query?: string | null | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | undefined;
}): Language {
  if (isLanguage(choice.query)) return choice.query;
  if (isLanguage(choice.cookie)) return choice.cookie;
  return negotiateLanguage(choice.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** `url` (path and query) with its `lang` parameter set to `language`, or removed for null. */
export function withLanguage(url: string, language: Language | null): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const pairs =
    q === -1
      ? []
      : url
          .slice(q + 1)
          .split('&')
          .filter((p) => p !== '' && !/^lang(=|$)/.test(p));
  if (language !== null) pairs.push(`lang=${language}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/**
 * A link to this site that opens in `language` (`?lang=`, before any `#fragment`), for a reader who
 * sends no cookie or has no choice yet: an email, a feed reader, a calendar app, a partner's page.
 * English links stay bare.
 */
export function inLanguage(url: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return url;
  const hash = url.indexOf('#');
  const [address, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${withLanguage(address, language)}${fragment}`;
}
