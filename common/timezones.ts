/** Time-zone helpers that work the same in Node and in browsers (Intl only). */

/**
 * An IANA zone name ('Europe/London', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'), UTC or GMT. ICU
 * also takes old abbreviations ('EST', 'IST', 'CET'), but not as people mean them: 'EST' is Panama's
 * zone, which keeps no summer time, so a New York event stored with it would be an hour off all summer.
 * Those are searched on the form (common/zoneSearch.ts), never stored.
 */
const ZONE_NAME = /^(?:[A-Za-z][\w+-]*(?:\/[\w+-]+)+|UTC|GMT)$/i;

export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let runtimeZone: string | null = null;

/**
 * The zone of the browser (or of the server's process), read once: making an Intl.DateTimeFormat to ask
 * costs more than every use of the answer (it was read several times per rendered page).
 */
export function browserTimeZone(): string {
  if (runtimeZone === null) {
    try {
      runtimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      runtimeZone = 'UTC';
    }
  }
  return runtimeZone;
}

/** Every zone the runtime knows, for the zone picker; falls back to a short list on old runtimes. */
export function listTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  return zones.length > 0 ? zones : ['UTC'];
}
