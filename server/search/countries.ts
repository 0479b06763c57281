import countries from 'i18n-iso-countries';
import ar from 'i18n-iso-countries/langs/ar.json' with { type: 'json' };
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fa from 'i18n-iso-countries/langs/fa.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import id from 'i18n-iso-countries/langs/id.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import ms from 'i18n-iso-countries/langs/ms.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import sv from 'i18n-iso-countries/langs/sv.json' with { type: 'json' };
import tr from 'i18n-iso-countries/langs/tr.json' with { type: 'json' };
import ur from 'i18n-iso-countries/langs/ur.json' with { type: 'json' };
import { foldText } from './fold';

/**
 * Countries by any of their names: ISO 3166 codes (alpha-2 and alpha-3), and the names and common short
 * names of the i18n-iso-countries tables in the languages people here write in, English first when two
 * languages give one spelling to different countries. An event's country is resolved at submission
 * (its code is kept in its location text, store/events.ts), a location term at search, so "UK",
 * "United Kingdom" and "Royaume-Uni" find the same events (docs/PRODUCT.md#home).
 */
const LANGUAGES = [en, ar, fr, es, de, it, pt, nl, tr, ur, fa, id, ms, sv];

/** Names the tables lack that people use for the whole country. */
const EXTRA: Record<string, string[]> = {
  GB: ['Britain', 'U.K.', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  US: ['America', 'U.S.'],
  NL: ['Holland'],
  PS: ['Palestina', 'Filastin'],
};

let byName: Map<string, string> | null = null;

function table(): Map<string, string> {
  if (byName) return byName;
  const map = new Map<string, string>();
  const add = (name: string, code: string) => {
    const key = foldText(name).trim();
    if (key && !map.has(key)) map.set(key, code);
  };
  for (const [alpha2, alpha3] of Object.entries(countries.getAlpha3Codes()).map(([a3, a2]) => [a2, a3])) {
    add(alpha2 as string, alpha2 as string);
    add(alpha3 as string, alpha2 as string);
  }
  for (const language of LANGUAGES) {
    countries.registerLocale(language);
    for (const [code, names] of Object.entries(countries.getNames(language.locale, { select: 'all' }))) {
      for (const name of names) add(name, code);
    }
  }
  for (const [code, names] of Object.entries(EXTRA)) for (const name of names) add(name, code);
  byName = map;
  return map;
}

/** The ISO alpha-2 code of the country this text names as a whole ("uk", "Deutschland"), or null. */
export function countryCodeOf(text: string): string | null {
  return table().get(foldText(text).trim()) ?? null;
}

/**
 * The country's mark in an event's search and location texts: its code written in private-use
 * characters, which no folded word holds (store/textSearch.ts takes them out of what people type), so
 * only a location term that names the country finds it, never a substring such as "n" or "e".
 */
export const countryToken = (code: string) =>
  String.fromCodePoint(0xe000, ...[...code.toLowerCase()].map((c) => 0xe000 + (c.codePointAt(0) ?? 0)));
