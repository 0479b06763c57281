import { dateTimeFormat, zonedDateTimeToInstant } from '../../../common/dates';
import type { RepeatRule } from '../../../common/series';
import type { SiteInfo } from '../../context';
import { rruleValue, ruleDates } from '../../series/rule';
import type { EventRow, SeriesRow } from '../../store/schema';
import { type CalendarReader, eventCalendar, foldByOctets } from './ics';
import { publicHost } from './links';

/**
 * A series as one calendar file (docs/PRODUCT.md#recurring-events, "Add the whole series"): one VEVENT
 * with DTSTART in the series' zone (TZID, with its VTIMEZONE) and the rule (RRULE, from the same
 * server/series/rule.ts that made the dates), EXDATE for every date that will not happen as announced
 * (cancelled, postponed, removed, withdrawn), and an override VEVENT (RECURRENCE-ID) for every date that
 * moved or differs from the first. EXDATE rather than a STATUS:CANCELLED override for a cancelled date:
 * every calendar honours EXDATE, while cancelled overrides are shown struck out by some, as a normal
 * event by others, or not at all. Each occurrence's own file and the feeds stay single VEVENTs with the
 * occurrence's own UID; this file's UID is the series' (`series-<id>@host`), so no UID is shared.
 */

const DAY_MS = 24 * 3600 * 1000;
const CRLF = '\r\n';

/** The wall clock of `zone` at `ms`: [year, month, day, hour, minute, second]. */
function wallClock(ms: number, zone: string): number[] {
  const parts = dateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  return ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0),
  );
}

const pad = (n: number, size = 2) => String(Math.abs(n)).padStart(size, '0');

/** A local DATE-TIME of RFC 5545 ('20260306T180000') of `ms` in `zone`. */
function localStamp(ms: number, zone: string): string {
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = wallClock(ms, zone);
  return `${pad(y, 4)}${pad(mo)}${pad(d)}T${pad(h)}${pad(mi)}${pad(s)}`;
}

/** The zone's offset from UTC at `ms`, in minutes. */
function offsetAt(ms: number, zone: string): number {
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = wallClock(ms, zone);
  return Math.round((Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(ms / 1000) * 1000) / 60000);
}

const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}${pad(minutes % 60)}`;

/**
 * The zone's VTIMEZONE over [from, to]: its offset at `from`, then each change within, found to the
 * minute (a series spans at most a year: two changes in most zones). Written from the runtime's own
 * zone data, so a calendar reads the times as the site shows them.
 */
export function vtimezone(zone: string, from: number, to: number): string {
  const STEP = 6 * 3600 * 1000;
  const changes: { at: number; before: number; after: number }[] = [];
  let offset = offsetAt(from, zone);
  for (let t = from; t < to; t += STEP) {
    const next = offsetAt(t + STEP, zone);
    if (next === offset) continue;
    let lo = t;
    let hi = t + STEP;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid, zone) === offset) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, before: offset, after: next });
    offset = next;
  }
  const initial = offsetAt(from, zone);
  const standard = Math.min(initial, ...changes.map((c) => c.after));
  const observance = (start: string, before: number, after: number) => {
    const kind = after > standard ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${kind}`,
    ];
  };
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance('19700101T000000', initial, initial),
    // The onset in the wall clock of the offset it leaves (RFC 5545 §3.6.5).
    ...changes.flatMap((c) => observance(localStampAtOffset(c.at, c.before), c.before, c.after)),
    'END:VTIMEZONE',
  ];
  return lines.join(CRLF) + CRLF;
}

function localStampAtOffset(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** One row's VEVENT as the single-event file writes it, unfolded, as lines. */
function veventLines(row: EventRow, site: SiteInfo, reader: CalendarReader): string[] {
  const text = eventCalendar(row, site, reader).replace(/\r\n[ \t]/g, '');
  const begin = text.indexOf(`BEGIN:VEVENT${CRLF}`);
  const end = text.indexOf(`END:VEVENT${CRLF}`);
  return text.slice(begin, end).split(CRLF).filter(Boolean);
}

/** What makes a date's entry differ from the series' own (then it gets an override). */
const contentOf = (row: EventRow) =>
  JSON.stringify([
    row.title,
    row.description,
    row.city,
    row.country,
    row.venue,
    row.address,
    row.attendance,
    row.join_url,
    row.type,
    row.source_link,
    row.organizer,
    row.accessibility,
    row.place_visibility,
    row.place_hours_before,
    row.over_at - row.starts_at,
  ]);

/** The series' file for `reader`: rows are all its occurrences, in order. */
export function seriesCalendar(
  series: SeriesRow,
  rows: EventRow[],
  site: SiteInfo,
  reader: CalendarReader,
): string {
  const zone = series.timezone;
  const happens = (row: EventRow) => row.status === 'approved' && row.schedule === 'scheduled';
  const inRule = rows.filter((row) => !series.ended_after || (row.series_date ?? '') <= series.ended_after);
  const base = inRule.find(happens) ?? inRule.find((row) => row.status === 'approved') ?? rows[0];
  if (!base) throw new Error('A series without dates');
  const uid = `UID:series-${series.id}@${publicHost(site.publicUrl)}`;
  const ruleDate = (row: Pick<EventRow, 'series_date'>) =>
    `${(row.series_date ?? '').replaceAll('-', '')}T${series.time.replace(':', '')}00`;
  const ruleStart = (row: EventRow) =>
    zonedDateTimeToInstant(row.series_date ?? '', series.time, zone).getTime();
  const firstStart = zonedDateTimeToInstant(series.first_date, series.time, zone).getTime();
  const sequence = Math.max(...rows.map((row) => row.sequence));

  const master = veventLines(base, site, reader).map((line) => {
    if (line.startsWith('UID:')) return uid;
    if (line.startsWith('DTSTART')) return `DTSTART;TZID=${zone}:${localStamp(firstStart, zone)}`;
    if (line.startsWith('DTEND'))
      return `DTEND;TZID=${zone}:${localStamp(firstStart + base.over_at - base.starts_at, zone)}`;
    if (line.startsWith('SEQUENCE:')) return `SEQUENCE:${sequence}`;
    return line;
  });
  const rule = JSON.parse(series.rule) as RepeatRule;
  const start = { date: series.first_date, time: series.time, timezone: zone };
  master.push(`RRULE:${rruleValue(rule, start)}`);
  // After a change of rule (docs/PRODUCT.md#recurring-events) the dates already over may be ones the
  // new rule does not give (RDATE), and the new rule may give past dates the series never had (EXDATE).
  const given = new Set(ruleDates(rule, start));
  const extra = inRule.filter((row) => happens(row) && !given.has(row.series_date ?? ''));
  if (extra.length > 0) master.push(`RDATE;TZID=${zone}:${extra.map(ruleDate).join(',')}`);
  const had = new Set(inRule.map((row) => row.series_date ?? ''));
  const missing = [...given].filter((date) => !had.has(date)).map((date) => ruleDate({ series_date: date }));
  const dropped = inRule.filter((row) => !happens(row) && given.has(row.series_date ?? ''));
  const exdates = [...dropped.map(ruleDate), ...missing].sort();
  if (exdates.length > 0) master.push(`EXDATE;TZID=${zone}:${exdates.join(',')}`);

  const overrides = inRule
    .filter(happens)
    .filter(
      (row) =>
        row.series_moved === 1 || row.starts_at !== ruleStart(row) || contentOf(row) !== contentOf(base),
    )
    .map((row) => [
      ...veventLines(row, site, reader).flatMap((line) =>
        line.startsWith('UID:') ? [uid, `RECURRENCE-ID;TZID=${zone}:${ruleDate(row)}`] : [line],
      ),
    ]);

  const head = eventCalendar(base, site, reader);
  const header = head.slice(0, head.indexOf(`BEGIN:VEVENT${CRLF}`));
  const last = Math.max(...rows.map((row) => row.over_at), firstStart);
  const body = [master, ...overrides].map((lines) => `${lines.join(CRLF)}${CRLF}END:VEVENT${CRLF}`).join('');
  return `${header}${vtimezone(zone, firstStart - DAY_MS, last + 2 * DAY_MS)}${foldByOctets(body)}END:VCALENDAR${CRLF}`;
}
