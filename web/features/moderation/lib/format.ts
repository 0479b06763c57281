import { formatEventDateTime, formatZoneName, sameOffset } from '../../../../common/dates';

/** 'harmful_content' → 'Harmful Content' (spec §2: the first report's reason in title case). */
export function titleCase(code: string): string {
  return code
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The event's date and time in its own zone, and that zone's name when the viewer's clock differs. */
export function eventDateInZone(iso: string, timeZone: string): { dateTime: string; zone: string | null } {
  const dateTime = formatEventDateTime(iso, timeZone);
  const zone = sameOffset(iso, timeZone, viewerZone()) ? null : formatZoneName(iso, timeZone);
  return { dateTime, zone };
}
