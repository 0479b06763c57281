import { formatEventDateTime, formatZoneName, sameOffset } from '../../../../common/dates';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The event's date and time in its own zone, and that zone's name when the viewer's clock differs. */
export function eventDateInZone(iso: string, timeZone: string): { dateTime: string; zone: string | null } {
  const dateTime = formatEventDateTime(iso, timeZone);
  const zone = sameOffset(iso, timeZone, viewerZone()) ? null : formatZoneName(iso, timeZone);
  return { dateTime, zone };
}
