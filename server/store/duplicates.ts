import type { Kysely } from 'kysely';
import type { EventStatus } from '../../common/enums';
import { LIMITS } from '../../common/limits';
import { foldText } from '../search/fold';
import { cityKey } from '../search/gazetteer';
import type { Database, EventRow } from './schema';

/**
 * Possible duplicates (docs/PRODUCT.md#moderation): events in the same city, starting within
 * DUPLICATE_WINDOW_MS of each other (by the start instant, so "the same day, give or take one" holds
 * in every time zone), with titles whose trigram similarity is at least DUPLICATE_SIMILARITY.
 *
 * The candidates come through the index on (city, starts_at) (migration 0020) on both databases, at
 * most CANDIDATES_MAX of them; the similarity is then worked out here, in TypeScript, on those few rows,
 * so SQLite and PostgreSQL flag exactly the same pairs (no pg_trgm extension needed).
 */
export const DUPLICATE_WINDOW_MS = 36 * 3600 * 1000;
export const DUPLICATE_SIMILARITY = 0.5;
/** Candidates read per check: the bound on the work one check does, however busy a city's day is. */
const CANDIDATES_MAX = 100;
/** Titles are at most LIMITS.titleMax characters; anything longer is cut before trigrams are made. */
const TITLE_CHARS_MAX = LIMITS.titleMax;

/**
 * The trigrams of a text as PostgreSQL's pg_trgm makes them: lower case (here also without accents,
 * as search compares text: search/fold.ts), cut into words at anything that is not a letter or a
 * digit, each word padded with two spaces before and one after, every run of three characters.
 */
export function trigrams(text: string): Set<string> {
  const result = new Set<string>();
  const words = foldText(text.slice(0, TITLE_CHARS_MAX)).split(/[^\p{L}\p{N}]+/u);
  for (const word of words) {
    if (!word) continue;
    const chars = Array.from(`  ${word} `);
    for (let i = 0; i + 3 <= chars.length; i++) result.add(chars.slice(i, i + 3).join(''));
  }
  return result;
}

/** pg_trgm's similarity(): the trigrams two texts share over all the trigrams of both (0 to 1). */
export function trigramSimilarity(a: string | Set<string>, b: string | Set<string>): number {
  const x = typeof a === 'string' ? trigrams(a) : a;
  const y = typeof b === 'string' ? trigrams(b) : b;
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** Spellings of a city the index is asked for: as written, and in the usual cases. */
function citySpellings(city: string): string[] {
  const trimmed = city.trim();
  const lower = trimmed.toLowerCase();
  const title = lower.replace(
    /(^|[\s\-'’])(\p{L})/gu,
    (_m, sep: string, letter: string) => sep + letter.toUpperCase(),
  );
  return [...new Set([trimmed, lower, title, trimmed.toUpperCase()])].filter((s) => s !== '');
}

export interface DuplicateProbe {
  /** The event itself, when it is stored: never its own duplicate. */
  id?: string;
  title: string;
  startsAt: number;
  city: string;
}

export interface DuplicateMatch {
  event: EventRow;
  similarity: number;
}

/**
 * The events in `statuses` that may be duplicates of `probe`, the most similar first. Without a city
 * (an online-only event) there is nothing to compare by place: none.
 */
export async function findDuplicates(
  db: Kysely<Database>,
  probe: DuplicateProbe,
  statuses: EventStatus[],
  limit = 5,
): Promise<DuplicateMatch[]> {
  const spellings = citySpellings(probe.city);
  if (spellings.length === 0 || statuses.length === 0) return [];
  let query = db
    .selectFrom('events')
    .selectAll()
    .where('city', 'in', spellings)
    .where('starts_at', '>=', probe.startsAt - DUPLICATE_WINDOW_MS)
    .where('starts_at', '<=', probe.startsAt + DUPLICATE_WINDOW_MS)
    .where('status', 'in', statuses);
  if (probe.id) query = query.where('id', '!=', probe.id);
  const candidates = await query.orderBy('starts_at').orderBy('id').limit(CANDIDATES_MAX).execute();
  const key = cityKey(probe.city);
  const mine = trigrams(probe.title);
  return candidates
    .filter((e) => cityKey(e.city) === key)
    .map((event) => ({ event, similarity: trigramSimilarity(mine, event.title) }))
    .filter((m) => m.similarity >= DUPLICATE_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || a.event.starts_at - b.event.starts_at)
    .slice(0, limit);
}
