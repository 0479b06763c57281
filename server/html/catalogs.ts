import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '../../common/i18n/languages';

/** The catalogs every page needs before it shows (English ones are in the first bundle itself). */
export const FIRST_NAMESPACES = ['common', 'events'] as const;

/**
 * For each language, `<link rel="modulepreload">` tags for the list of its catalogs and its first
 * catalogs, found in the build's manifest (each is its own chunk, web/i18n/index.ts): the browser
 * fetches them beside the entry script instead of after it. Nothing for English, or when the build has
 * no manifest.
 */
export function catalogPreloads(webRoot: string): (language: Language) => string {
  const path = join(webRoot, '.vite', 'manifest.json');
  const manifest = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, { file?: string }>)
    : {};
  const tags = new Map<string, string>();
  return (language) => {
    if (language === DEFAULT_LANGUAGE) return '';
    let html = tags.get(language);
    if (html === undefined) {
      const sources = [
        `i18n/catalogs/${language}.ts`,
        ...FIRST_NAMESPACES.map((ns) => `locales/${language}/${ns}.json`),
      ];
      html = sources
        .map((source) => manifest[source]?.file)
        .filter((file): file is string => file !== undefined)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    ');
      tags.set(language, html);
    }
    return html;
  };
}
