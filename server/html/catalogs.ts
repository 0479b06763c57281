import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '../../common/i18n/languages';

/** The catalogs every page needs before it shows (English ones are in the first bundle itself). */
export const FIRST_NAMESPACES = ['common', 'events'] as const;

/** The build's manifest: source path → built file (empty without one, as in tests of the API alone). */
function manifestOf(webRoot: string): Record<string, { file?: string }> {
  const path = join(webRoot, '.vite', 'manifest.json');
  return existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, { file?: string }>)
    : {};
}

/** `<link rel="modulepreload">` tags for these sources of the build (those it has). */
function preloadTags(manifest: Record<string, { file?: string }>, sources: readonly string[]): string[] {
  return sources
    .map((source) => manifest[source]?.file)
    .filter((file): file is string => file !== undefined)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/**
 * For each language, `<link rel="modulepreload">` tags for the list of its catalogs and its first
 * catalogs, found in the build's manifest (each is its own chunk, web/i18n/index.ts): the browser
 * fetches them beside the entry script instead of after it. Nothing for English, or when the build has
 * no manifest.
 */
export function catalogPreloads(webRoot: string): (language: Language) => string {
  const manifest = manifestOf(webRoot);
  const tags = new Map<string, string>();
  return (language) => {
    if (language === DEFAULT_LANGUAGE) return '';
    let html = tags.get(language);
    if (html === undefined) {
      html = preloadTags(manifest, [
        `i18n/catalogs/${language}.ts`,
        ...FIRST_NAMESPACES.map((ns) => `locales/${language}/${ns}.json`),
      ]).join('\n    ');
      tags.set(language, html);
    }
    return html;
  };
}

/**
 * The same tags for the catalogs a rendered page reads beyond the first ones (which every page hints
 * already), in a language, each once. None for English, whose catalogs come with the page's code.
 */
export function pageCatalogPreloads(
  webRoot: string,
): (language: Language, namespaces: readonly string[]) => string[] {
  const manifest = manifestOf(webRoot);
  const first: readonly string[] = FIRST_NAMESPACES;
  return (language, namespaces) =>
    language === DEFAULT_LANGUAGE
      ? []
      : preloadTags(
          manifest,
          [...new Set(namespaces)]
            .filter((ns) => !first.includes(ns))
            .map((ns) => `locales/${language}/${ns}.json`),
        );
}
