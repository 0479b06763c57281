import { formatEventDateTime, sameOffset } from '../../../../common/dates';
import { type ZoneName, zoneName } from '../../../../common/zoneSearch';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The event's date and time in its own zone, and that zone's name when the viewer's clock differs. */
export function eventDateInZone(
  iso: string,
  timeZone: string,
  city?: string,
): { dateTime: string; zone: ZoneName | null } {
  const dateTime = formatEventDateTime(iso, timeZone);
  const zone = sameOffset(iso, timeZone, viewerZone()) ? null : zoneName(timeZone, iso, { city });
  return { dateTime, zone };
}
