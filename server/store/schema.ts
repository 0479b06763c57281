import type { Insertable, Selectable } from 'kysely';
import type { EventStatus, EventType, LogAction, ReportReason, Role } from '../../common/enums';

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
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked database does not leak live sessions. */
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  events: EventsTable;
  reports: ReportsTable;
  transparency_log: TransparencyLogTable;
  rate_limits: RateLimitsTable;
  app_secrets: AppSecretsTable;
}

export type UserRow = Selectable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Insertable<EventsTable>;
export type ReportRow = Selectable<ReportsTable>;
export type LogRow = Selectable<TransparencyLogTable>;
export type SessionRow = Selectable<SessionsTable>;
