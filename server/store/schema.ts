import type { Generated, Insertable, Selectable } from 'kysely';
import type { AttendanceMode, EventStatus, EventType, PlaceVisibility, Schedule } from '../../common/enums';
import type {
  ChangeStatus,
  LogAction,
  PresetReasonKind,
  ReportReason,
  Role,
} from '../../common/moderationEnums';

/**
 * Table types. Instants are integer milliseconds since the epoch (portable across SQLite and
 * PostgreSQL, and they sort); booleans are 0/1 integers for the same reason.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  /** Lower-cased email: the unique key, so emails compare case-insensitively. */
  email_lc: string;
  password_hash: string | null;
  google_sub: string | null;
  role: Role;
  created_at: number;
  /** When the person proved they read this address (a link we mailed, or Google); null if never. */
  email_verified_at: number | null;
  /** When the person deleted the account; the row stays as an anonymous tombstone (migration 0010). */
  deleted_at: number | null;
  /** The language chosen last (a code of common/i18n/languages.ts); null if never (migration 0013). */
  language: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked database does not leak live sessions. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  /** When the person last signed in to Google again on this session to confirm it is them (0011). */
  reauthenticated_at: number | null;
}

export interface EventsTable {
  id: string;
  title: string;
  description: string;
  starts_at: number;
  timezone: string;
  city: string;
  country: string;
  type: EventType;
  source_link: string;
  organizer: string | null;
  status: EventStatus;
  verified: number;
  created_by: string;
  created_at: number;
  updated_at: number;
  /** When it was approved; feeds of newly approved events order by it. */
  approved_at: number | null;
  /** Lower-cased title, description, city and country: the case-insensitive search target. */
  search_text: string;
  /** Lower-cased city and country, for the location filter. */
  location_text: string;
  /** The end the submitter gave, if any (same zone as the start). */
  ends_at: number | null;
  /** When it is over: `ends_at`, or the start plus the default 2 hours. Upcoming and past read it. */
  over_at: number;
  venue: string | null;
  address: string | null;
  attendance: AttendanceMode;
  join_url: string | null;
  /** Who sees venue, address and join link (policies/events.ts: canSeeExactPlace). */
  place_visibility: PlaceVisibility;
  /** With `hours_before`: how many hours before the start everyone sees them. */
  place_hours_before: number | null;
  accessibility: string | null;
  schedule: Schedule;
  schedule_note: string | null;
  /** RFC 5545 SEQUENCE: raised by every change calendars must pick up (a cancellation). */
  sequence: number;
  /** Raised by every write: a write based on an older version is refused (commands/editEvent.ts). */
  version: number;
  /** Where it is, in degrees, from its city (search/gazetteer.ts); null online only or unknown (0015). */
  latitude: number | null;
  longitude: number | null;
  /** The 1° square holding it, for the "near" index (store/near.ts); null without a position. */
  cell: number | null;
  /** Its flyer: JSON of common/images.ts EventImage, or null (migration 0017). */
  image: string | null;
  /** Its flyer's id (images.id), indexed: who may fetch an image follows its events (0017). */
  image_id: string | null;
  /** The series it is an occurrence of, its position there (from 0), the local date the rule gave it,
   * the rule (JSON, common/series.ts) and whether its own time was changed (migration 0018). */
  series_id: string | null;
  series_position: number | null;
  series_date: string | null;
  series_rule: string | null;
  series_moved: Generated<number>;
}

/** A recurring event's rule (docs/PRODUCT.md#recurring-events); its occurrences are `events` rows. */
export interface SeriesTable {
  id: string;
  created_by: string;
  timezone: string;
  /** JSON of the rule (common/series.ts, RepeatRule). */
  rule: string;
  /** The first occurrence's local date and the time of day ('YYYY-MM-DD', 'HH:MM'). */
  first_date: string;
  time: string;
  /** The last local date kept when the series was ended early; null if it runs its course. */
  ended_after: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

/** A change its submitter proposed to a published event, waiting for (or given) a moderator's decision. */
export interface EventChangesTable {
  id: string;
  event_id: string;
  proposed_by: string;
  /** JSON of the validated form (common/schemas/events.ts, ValidEventInput). */
  payload: string;
  base_version: number;
  status: ChangeStatus;
  /** Why a moderator rejected it (shown to the submitter). */
  reason: string | null;
  created_at: number;
  decided_at: number | null;
  decided_by: string | null;
}

/** Moderators' audit trail of actions that are not public log entries (a schedule change). */
export interface ModerationAuditTable {
  id: string;
  event_id: string;
  action: string;
  note: string | null;
  moderator_id: string;
  created_at: number;
}

export interface ReportsTable {
  id: string;
  event_id: string;
  reported_by: string;
  reason: ReportReason;
  /** 'open' until a moderator dismisses it or removes the event. */
  status: 'open' | 'closed';
  created_at: number;
  closed_at: number | null;
  closed_by: string | null;
}

export interface TransparencyLogTable {
  id: string;
  event_id: string;
  action: LogAction;
  reason: string;
  moderator_id: string;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Secrets the app makes for itself, shared by every app server on the database (store/secrets.ts). */
export interface AppSecretsTable {
  /** What it is for and when, e.g. 'rate-limit/2026-11-21'. */
  name: string;
  /** 32 random bytes, base64url. */
  value: string;
  created_at: number;
}

/** Single-use links mailed to a person (server/mail/tokens.ts): only the token's SHA-256 is kept. */
export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: 'reset' | 'verify';
  /** The address the link went to (lower-cased). */
  email_lc: string;
  created_at: number;
  expires_at: number;
}

/** Every email, written with its cause and delivered by server/mail/sender.ts. */
export interface MailOutboxTable {
  id: string;
  /** The Message-ID header, the same on every attempt. */
  message_id: string;
  kind: string;
  user_id: string;
  to_address: string;
  /** JSON: what the email says (server/mail/messages.ts renders it at sending time). */
  payload: string;
  dedupe_key: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  claim_token: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface MailPreferencesTable {
  user_id: string;
  kind: string;
  enabled: number;
  updated_at: number;
}

export interface MailUnsubscribeTokensTable {
  id: string;
  user_id: string;
  kind: string;
  created_at: number;
}

/** Written by each health check (server/routes/health.ts): proof that the database takes writes. */
export interface HealthProbeTable {
  name: string;
  checked_at: number;
}

/** A rejection or removal reason moderators keep to choose from (migration 0016). */
export interface PresetReasonsTable {
  id: string;
  kind: PresetReasonKind;
  text: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A person whose submissions are published without review (migration 0019). */
export interface TrustedPeopleTable {
  user_id: string;
  trusted_by: string;
  created_at: number;
}

/** The moderators' audit trail of what was done to a person: trusted, untrusted (migration 0019). */
export interface PersonAuditTable {
  id: string;
  user_id: string;
  action: string;
  moderator_id: string;
  created_at: number;
}

/** An event a trusted person published, until a moderator marks it checked (migration 0019). */
export interface UnreviewedEventsTable {
  event_id: string;
  created_at: number;
}

/** "I'm looking at this": one moderator's claim on an event, until it expires (migration 0019). */
export interface EventClaimsTable {
  event_id: string;
  moderator_id: string;
  expires_at: number;
}

/** A moderator's private note on an event or on a person: exactly one of the two (migration 0019). */
export interface ModeratorNotesTable {
  id: string;
  event_id: string | null;
  user_id: string | null;
  author_id: string;
  text: string;
  created_at: number;
}

/** An uploaded flyer (migration 0017, docs/PRODUCT.md#flyers); its bytes are its variants'. */
export interface ImagesTable {
  id: string;
  /** Content hash of its variants (32 hex digits): their address (common/images.ts imagePath). */
  hash: string;
  uploaded_by: string | null;
  /** Of its largest variant. */
  width: number;
  height: number;
  /** Size of the file as uploaded (the daily allowance counts it); the file itself is not kept. */
  upload_bytes: number;
  created_at: number;
  /** When an event or a proposed change first named it; null: deleted after a day. */
  used_at: number | null;
}

export interface ImageVariantsTable {
  image_id: string;
  width: number;
  format: 'webp' | 'jpg';
  data: Buffer;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  events: EventsTable;
  reports: ReportsTable;
  transparency_log: TransparencyLogTable;
  moderation_audit: ModerationAuditTable;
  event_changes: EventChangesTable;
  rate_limits: RateLimitsTable;
  app_secrets: AppSecretsTable;
  email_tokens: EmailTokensTable;
  mail_outbox: MailOutboxTable;
  mail_preferences: MailPreferencesTable;
  mail_unsubscribe_tokens: MailUnsubscribeTokensTable;
  health_probe: HealthProbeTable;
  preset_reasons: PresetReasonsTable;
  trusted_people: TrustedPeopleTable;
  person_audit: PersonAuditTable;
  unreviewed_events: UnreviewedEventsTable;
  event_claims: EventClaimsTable;
  moderator_notes: ModeratorNotesTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  series: SeriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Insertable<EventsTable>;
export type SeriesRow = Selectable<SeriesTable>;
export type EventChangeRow = Selectable<EventChangesTable>;
export type ReportRow = Selectable<ReportsTable>;
export type LogRow = Selectable<TransparencyLogTable>;
export type SessionRow = Selectable<SessionsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type ImageRow = Selectable<ImagesTable>;
