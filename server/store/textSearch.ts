import { type RawBuilder, sql } from 'kysely';
import { countryCodeOf, countryToken } from '../search/countries';
import { foldText } from '../search/fold';
import { isOnlineWord, ONLINE } from '../search/onlineWords';

/**
 * What the search and location boxes mean (docs/PRODUCT.md#home), as SQL over events.search_text and
 * events.location_text (folded texts, one field per line, a line break before and after each, and the
 * country's token: see textsOf in store/events.ts).
 *
 * - Search: every word must appear, in any field and any order, as a substring ("gaza march" finds
 *   "National March for Palestine" whose description speaks of Gaza); case and accents do not matter.
 * - Location: each part (commas separate parts; a part that is not a place as a whole is taken word by
 *   word) must match. A part naming a country ("UK", "USA", "Deutschland", "DE") finds the events whose
 *   country is that one, however it was written, and, for names of 4 letters or more, any place whose
 *   text holds it ("Jordan"); a shorter one only a whole city or country line, so "UK" is not "Ukraine".
 *   A word for "online" in any of the app's languages ("online", "en ligne", "عبر الإنترنت",
 *   "çevrim içi") finds the events one can attend online, and only them (not a city "Onlineville").
 *   Any other part is a substring of the city or country.
 */
export interface TextQuery {
  /** Conditions that must all hold (LIKE: exact). */
  conditions: RawBuilder<boolean>[];
  /**
   * An FTS5 query that finds a superset of the matches through the trigram index (SQLite), or null
   * when no term is long enough to use it.
   */
  fts: string | null;
}

/** An online event's own line in its location text: what a word for "online" finds, exactly. */
const ONLINE_LINE = `\n${ONLINE}\n`;

/** FTS5's trigram tokenizer finds substrings of 3 or more characters; shorter terms use LIKE alone. */
const TRIGRAM_MIN = 3;

/** Escape LIKE wildcards so a search for "100%" means the text "100%". */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled. Trigram phrases match substrings. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The words of a box, folded; control and private-use characters (never typed) split words like spaces. */
const words = (text: string) =>
  foldText(text)
    .replace(/[\p{Cc}\p{Co}]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** The text an event is found by, from its fields: folded, one field per line, framed by line breaks. */
export function storedText(fields: readonly string[], country: string): string {
  const code = countryCodeOf(country);
  const lines = fields.map((field) => foldText(field).replace(/\s*\n\s*/g, ' '));
  if (code) lines.push(countryToken(code));
  return `\n${lines.join('\n')}\n`;
}

export function textQuery(search: string, location: string): TextQuery {
  const conditions: RawBuilder<boolean>[] = [];
  const fts: string[] = [];
  for (const word of words(search)) {
    conditions.push(sql<boolean>`search_text like ${likeContains(word)} escape '\\'`);
    if ([...word].length >= TRIGRAM_MIN) fts.push(ftsPhrase(word));
  }
  for (const part of location.split(',')) {
    const whole = words(part).join(' ');
    if (!whole) continue;
    const units = isOnlineWord(whole)
      ? [ONLINE_LINE]
      : countryCodeOf(whole) || !whole.includes(' ')
        ? [whole]
        : words(whole).map((word) => (isOnlineWord(word) ? ONLINE_LINE : word));
    for (const unit of units) {
      if (unit === ONLINE_LINE) {
        conditions.push(sql<boolean>`location_text like ${likeContains(ONLINE_LINE)} escape '\\'`);
        fts.push(ftsPhrase(ONLINE_LINE));
        continue;
      }
      const code = countryCodeOf(unit);
      if (!code) {
        conditions.push(sql<boolean>`location_text like ${likeContains(unit)} escape '\\'`);
        if ([...unit].length >= TRIGRAM_MIN) fts.push(ftsPhrase(unit));
        continue;
      }
      const place = [...unit].length >= 4 ? unit : `\n${unit}\n`;
      conditions.push(
        sql<boolean>`(location_text like ${likeContains(countryToken(code))} escape '\\' or location_text like ${likeContains(place)} escape '\\')`,
      );
      fts.push(`(${ftsPhrase(countryToken(code))} OR ${ftsPhrase(place)})`);
    }
  }
  return { conditions, fts: fts.length > 0 ? fts.join(' AND ') : null };
}
