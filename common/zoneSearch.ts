/**
 * How a time zone is named to people and found by them (docs/PRODUCT.md#text-people-write): by a place
 * and its offset ("Cape Town time (GMT+2)"), or by the offset alone for zones that are no place ("UTC",
 * "GMT-5"); found by typing a city, a zone name or an abbreviation ("PST"). Intl only, zod-free, so it
 * runs the same in Node and in browsers.
 */
import { formatZoneName, isPlacelessZone, zoneCity } from './dateLabels';
import { inArabicScript } from './placeText';
import { isValidTimeZone, listTimeZones } from './timezones';
import { ZONE_CITIES } from './zoneCities';

/** How a zone reads: `place` is null for a zone that names no place (then the offset says it all). */
export interface ZoneName {
  place: string | null;
  /** 'GMT+2', 'PST': the zone's short name at the instant in question. */
  offset: string;
}

/** A suggestion of the time-zone search: the zone to store and how to name it. */
export interface ZoneOption extends ZoneName {
  zone: string;
}

/** Lower case, without accents, one space between words: 'São  Paulo' and 'sao paulo' meet, 'Europe/Paris' and 'europe paris'. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_\-'’.,/]+/g, ' ')
    .trim();
}

const canonicalZones = new Map<string, string | null>();

/**
 * The zones the runtime lists, each valid and already in its own spelling: most zones are found here
 * without making an Intl.DateTimeFormat or two (the first zone a page names canonicalises the ~90 zones
 * of the city table: ~15 ms that way, a long task on a phone).
 */
let listedZones: Set<string> | null = null;

/** The runtime's own spelling of a zone (ICU may say 'Asia/Calcutta' for 'Asia/Kolkata'), or null. */
export function canonicalZone(zone: string): string | null {
  let known = canonicalZones.get(zone);
  if (known === undefined) {
    listedZones ??= new Set(listTimeZones());
    if (listedZones.has(zone)) return zone;
    known = isValidTimeZone(zone)
      ? new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
      : null;
    // Bounded: what people type passes through here too.
    if (canonicalZones.size >= 2000) canonicalZones.clear();
    canonicalZones.set(zone, known);
  }
  return known;
}

interface CityEntry {
  city: string;
  zone: string;
  /** Its names folded for search, and the zone as the table writes it. */
  names: string[];
  /** Its names as written: the city first, then the others ('غزة', 'Gaza City'). */
  spellings: string[];
}

let cityEntries: CityEntry[] | null = null;
/** Canonical zone → the place the zone database names today ('Asia/Calcutta' → 'Kolkata'). */
let zonePlaces: Map<string, string> | null = null;

function cities(): CityEntry[] {
  if (!cityEntries) {
    cityEntries = [];
    zonePlaces = new Map();
    for (const [city, written, ...others] of ZONE_CITIES) {
      const zone = canonicalZone(written);
      if (!zone) continue; // a runtime without this zone: leave the city out rather than fail
      // The zone's name as the table writes it is found too: ICU may call Asia/Kolkata 'Asia/Calcutta'.
      cityEntries.push({
        city,
        zone,
        names: [city, ...others, written].map(foldForSearch),
        spellings: [city, ...others],
      });
      if (!zonePlaces.has(zone)) zonePlaces.set(zone, zoneCity(written));
    }
  }
  return cityEntries;
}

/**
 * The place a zone is named by: the event's own city when it lies in that zone (a Cape Town event in
 * Africa/Johannesburg reads "Cape Town time"), else the zone's own city, or null for an offset zone.
 */
export function zonePlace(zone: string, city?: string, locale?: string): string | null {
  // 'EST5EDT' is America/New_York to ICU, but whoever chose it chose an offset, not a city.
  if (isPlacelessZone(zone)) return null;
  return placeOf(canonicalZone(zone) ?? zone, city, locale);
}

/** Languages written in Arabic script: a place is named in it where the table has such a name. */
const ARABIC_SCRIPT_LOCALE = /^(ar|ur|fa|ps)(-|$)/i;

/** zonePlace() for a zone already in the runtime's spelling (the search index has hundreds). */
function placeOf(canonical: string, city?: string, locale?: string): string | null {
  if (isPlacelessZone(canonical)) return null;
  const entries = cities();
  const folded = city ? foldForSearch(city) : null;
  const byCity = folded ? entries.find((e) => e.zone === canonical && e.names.includes(folded)) : undefined;
  const place = byCity?.city ?? zonePlaces?.get(canonical) ?? zoneCity(canonical);
  // On an Arabic or Urdu page, "توقيت غزة" rather than "توقيت Gaza" (docs/PRODUCT.md#languages): the
  // event's city in that script, else the zone's own city ("توقيت لندن" for Leeds), else as elsewhere.
  if (locale && ARABIC_SCRIPT_LOCALE.test(locale)) {
    const own = zonePlaces?.get(canonical) ?? zoneCity(canonical);
    for (const entry of [byCity, entries.find((e) => e.zone === canonical && e.city === own)]) {
      const written = entry && arabicSpelling(entry);
      if (written) return written;
    }
  }
  return place;
}

const arabicSpelling = (entry: CityEntry): string | undefined => entry.spellings.find(inArabicScript);

/** A city of the table as a page in `locale` names it: in Arabic script on an Arabic or Urdu page. */
function cityIn(entry: CityEntry, locale: string | undefined): string {
  return (locale && ARABIC_SCRIPT_LOCALE.test(locale) && arabicSpelling(entry)) || entry.city;
}

/** How `zone` is named at `instant`, by the event's `city` when it lies there. */
export function zoneName(
  zone: string,
  instant: string | Date,
  { city, locale }: { city?: string; locale?: string } = {},
): ZoneName {
  return { place: zonePlace(zone, city, locale), offset: formatZoneName(instant, zone, locale) };
}

interface ZoneEntry {
  zone: string;
  place: string | null;
  id: string;
  folded: string;
  abbreviations: string[];
}

let zoneEntries: ZoneEntry[] | null = null;

/** Letters-only short names ('PST', 'PDT', 'HST') in winter and summer; 'GMT+2' is not an abbreviation. */
function abbreviationsOf(zone: string, year: number): string[] {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
  const names = [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)].map(
    (t) => format.formatToParts(t).find((p) => p.type === 'timeZoneName')?.value ?? '',
  );
  return [...new Set(names.filter((n) => /^[A-Z]{2,5}$/.test(n) && n !== 'GMT' && n !== 'UTC'))].map((n) =>
    n.toLowerCase(),
  );
}

function zones(): ZoneEntry[] {
  if (!zoneEntries) {
    const year = new Date().getUTCFullYear();
    zoneEntries = [...new Set(['UTC', ...listTimeZones()])].map((zone) => {
      const place = placeOf(zone);
      return {
        zone,
        place,
        id: foldForSearch(zone),
        folded: place ? foldForSearch(place) : foldForSearch(zone),
        abbreviations: abbreviationsOf(zone, year),
      };
    });
  }
  return zoneEntries;
}

/** Builds the search index ahead of the first keystroke (it takes a tenth of a second or so). */
export function prepareZoneSearch(): void {
  zones();
}

/** 0 for the whole name, 1 for its start, 2 for the start of a later word, null for no match. */
function matchScore(name: string, query: string): number | null {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.includes(` ${query}`)) return 2;
  return null;
}

function best(scores: (number | null)[]): number | null {
  const found = scores.filter((s): s is number => s !== null);
  return found.length ? Math.min(...found) : null;
}

/**
 * Zones for what someone typed, best first: a city's zone named by that city, a zone by its name or
 * abbreviation. The viewer's own zone comes first among equals, and first of all when nothing is typed.
 */
export function searchZones(
  query: string,
  {
    ownZone,
    instant = new Date(),
    limit = 8,
    locale,
  }: {
    ownZone?: string;
    instant?: string | Date;
    limit?: number;
    locale?: string;
  } = {},
): ZoneOption[] {
  const q = foldForSearch(query);
  const own = ownZone ? canonicalZone(ownZone) : null;
  const arabicPage = locale !== undefined && ARABIC_SCRIPT_LOCALE.test(locale);
  const found: { zone: string; place: string | null; score: number; order: number }[] = [];
  let order = 0;
  if (!q) {
    if (own) found.push({ zone: own, place: zonePlace(own, undefined, locale), score: -1, order: order++ });
    for (const entry of cities())
      found.push({ zone: entry.zone, place: cityIn(entry, locale), score: 0, order: order++ });
  } else {
    for (const entry of cities()) {
      const score = best(entry.names.map((name) => matchScore(name, q)));
      if (score !== null)
        found.push({ zone: entry.zone, place: cityIn(entry, locale), score, order: order++ });
    }
    // Zones a city of the table lies in come before the rest ('PST': Los Angeles before Tijuana).
    const tableZones = new Set(cities().map((e) => e.zone));
    for (const entry of zones()) {
      const score = best([
        matchScore(entry.folded, q),
        matchScore(entry.id, q),
        entry.abbreviations.includes(q) ? 1 : null,
        q.length >= 3 && entry.id.includes(q) ? 3 : null,
      ]);
      const rank = tableZones.has(entry.zone) ? order : order + 100_000;
      if (score !== null) {
        const place = arabicPage ? placeOf(entry.zone, undefined, locale) : entry.place;
        found.push({ zone: entry.zone, place, score, order: rank });
      }
      order++;
    }
  }
  found.sort(
    (a, b) => a.score - b.score || Number(b.zone === own) - Number(a.zone === own) || a.order - b.order,
  );
  const seen = new Set<string>();
  const options: ZoneOption[] = [];
  for (const { zone, place } of found) {
    if (seen.has(zone)) continue;
    seen.add(zone);
    options.push({ zone, place, offset: formatZoneName(instant, zone, locale) });
    if (options.length === limit) break;
  }
  return options;
}

/**
 * The zone typed text names exactly, or null: a city of the table ('cape town' → Cape Town's zone, named
 * by it) or a zone name ('europe/paris'). Anything else is still a search, not a choice.
 */
export function resolveZone(text: string): { zone: string; place: string | null } | null {
  const q = foldForSearch(text);
  if (!q) return null;
  const entry = cities().find((e) => e.names.includes(q));
  if (entry) return { zone: entry.zone, place: entry.city };
  // A zone's name has a '/' ('Europe/Paris'), or is UTC or GMT: ICU also takes 'EST' (as Panama, which
  // keeps no summer time) or 'IST' (as Kolkata), which people mean otherwise; those stay a search.
  const typed = text.trim();
  const zone = /^[\w+-]+(\/[\w+-]+)+$|^(utc|gmt)$/i.test(typed) ? canonicalZone(typed) : null;
  return zone ? { zone, place: zonePlace(zone) } : null;
}
