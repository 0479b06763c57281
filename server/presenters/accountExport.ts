import { z } from 'zod';
import { LANGUAGES, type Language } from '../../common/i18n/languages';
import { type EventImage, IMAGE_FORMATS, imagePath, imageWidths } from '../../common/images';
import { accountExportSchema } from '../../common/schemas/accountSettings';
import type { AccountData as StoredAccountData } from '../store/accountExport';
import { eventImageOf } from '../store/images';
import { languageOf } from '../store/users';

/**
 * "Download my data" (common/schemas/accountSettings.ts) with the account's language
 * (docs/PRODUCT.md#languages): the code chosen last, or null when none ever was.
 */
export const accountDataSchema = accountExportSchema.extend({
  profile: accountExportSchema.shape.profile.extend({
    language: z
      .enum(LANGUAGES.map((l) => l.code) as [Language, ...Language[]])
      .nullable()
      .describe('The language the person chose last (their emails come in it); null if never.'),
  }),
});
export type AccountData = z.infer<typeof accountDataSchema>;

const iso = (ms: number) => new Date(ms).toISOString();
/** Every variant's address, on this site (the export is read away from it). */
const urlsOf = (image: Pick<EventImage, 'hash' | 'width'>, origin: string) =>
  imageWidths(image.width).flatMap((w) =>
    IMAGE_FORMATS.map((f) => `${origin}${imagePath(image.hash, w, f)}`),
  );
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * "Download my data": each field chosen here, never a row as it is. The password hash, the Google
 * subject, sessions and moderators' ids stay out; the events are the person's own, with every field
 * they gave and what became of them.
 */
export function presentAccountExport(data: StoredAccountData, origin: string, now = Date.now()): AccountData {
  const { user } = data;
  return {
    exportedAt: iso(now),
    profile: {
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: iso(user.created_at),
      emailVerified: user.email_verified_at !== null,
      emailVerifiedAt: isoOrNull(user.email_verified_at),
      language: languageOf(user),
      signInMethods: [
        ...(user.password_hash !== null ? (['password'] as const) : []),
        ...(user.google_sub !== null ? (['google'] as const) : []),
      ],
    },
    events: data.events.map((e) => ({
      id: e.id,
      status: e.status,
      title: e.title,
      description: e.description,
      startsAt: iso(e.starts_at),
      endsAt: isoOrNull(e.ends_at),
      timezone: e.timezone,
      city: e.city,
      country: e.country,
      type: e.type,
      sourceLink: e.source_link,
      organizer: e.organizer,
      venue: e.venue,
      address: e.address,
      attendance: e.attendance,
      joinUrl: e.join_url,
      placeVisibility: e.place_visibility,
      placeHoursBefore: e.place_hours_before,
      accessibility: e.accessibility,
      schedule: e.schedule,
      scheduleNote: e.schedule_note,
      verified: e.verified === 1,
      createdAt: iso(e.created_at),
      updatedAt: iso(e.updated_at),
      approvedAt: isoOrNull(e.approved_at),
      image: imageOfExport(e, origin),
    })),
    images: data.images.map((image) => ({
      id: image.id,
      createdAt: iso(Number(image.created_at)),
      urls: urlsOf(image, origin),
    })),
    reports: data.reports.map((r) => ({
      eventId: r.event_id,
      reason: r.reason,
      status: r.status,
      createdAt: iso(r.created_at),
    })),
    moderationLog: data.log.map((l) => ({
      eventId: l.event_id,
      action: l.action,
      reason: l.reason,
      createdAt: iso(l.created_at),
    })),
    proposedChanges: data.changes.map((c) => ({
      eventId: c.event_id,
      status: c.status,
      proposed: JSON.parse(c.payload) as Record<string, unknown>,
      reason: c.reason,
      createdAt: iso(Number(c.created_at)),
      decidedAt: c.decided_at === null ? null : iso(Number(c.decided_at)),
    })),
  };
}

function imageOfExport(row: Parameters<typeof eventImageOf>[0], origin: string) {
  const image = eventImageOf(row);
  return image ? { alt: image.alt, urls: urlsOf(image, origin) } : null;
}
