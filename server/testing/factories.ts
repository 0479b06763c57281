import type { AttendanceMode, EventStatus, EventType, PlaceVisibility } from '../../common/enums';
import type { Language } from '../../common/i18n/languages';
import type { LogAction, ReportReason, Role } from '../../common/moderationEnums';
import { type EventInput, eventInputSchema } from '../../common/schemas/events';
import { repeatRuleSchema } from '../../common/schemas/series';
import { weekdayOf } from '../../common/series';
import { createSession, SESSION_COOKIE } from '../auth/sessions';
import { createSeries } from '../commands/series';
import { seriesDates } from '../series/rule';
import type { Store } from '../store/db';
import { insertEvent } from '../store/events';
import { newId } from '../store/ids';
import { insertLogEntry } from '../store/log';
import type { EventRow, LogRow, ReportRow, UserRow } from '../store/schema';
import { insertUser } from '../store/users';

let counter = 0;
const next = () => ++counter;

/** A valid submission body (POST /api/events, the submit form's fields), with any field changed. */
export function validEventInput(
  overrides: Partial<Record<keyof EventInput, string>> = {},
): Record<string, string> {
  return {
    title: 'March for Gaza',
    description: 'A peaceful march from the square to parliament.\nBring banners.',
    date: '2031-05-17',
    time: '14:30',
    timezone: 'Europe/London',
    city: 'London',
    country: 'United Kingdom',
    type: 'protest',
    sourceLink: 'https://example.org/march',
    organizer: 'Palestine Solidarity Campaign',
    ...overrides,
  };
}

/** A user (role `user` unless told otherwise) with a unique email, not proved unless `emailVerified`. */
export async function createUser(
  store: Store,
  overrides: {
    name?: string;
    email?: string;
    role?: Role;
    passwordHash?: string | null;
    emailVerified?: boolean;
    language?: Language | null;
  } = {},
): Promise<UserRow> {
  const n = next();
  return insertUser(store.db, {
    name: overrides.name ?? `Test User ${n}`,
    email: overrides.email ?? `user${n}-${Date.now()}@example.org`,
    role: overrides.role ?? 'user',
    passwordHash: overrides.passwordHash ?? null,
    emailVerifiedAt: overrides.emailVerified ? Date.now() : null,
    language: overrides.language ?? null,
  });
}

export const createModerator = (
  store: Store,
  overrides: { name?: string; email?: string; emailVerified?: boolean } = {},
) => createUser(store, { ...overrides, role: 'moderator' });

/** A session cookie header value for this user, as if they had signed in. */
export async function sessionCookieFor(store: Store, user: Pick<UserRow, 'id'>): Promise<string> {
  const token = await createSession(store.db, user.id);
  return `${SESSION_COOKIE}=${token}`;
}

const DAY = 24 * 3600 * 1000;

export interface EventOverrides {
  title?: string;
  description?: string;
  city?: string;
  country?: string;
  type?: EventType;
  status?: EventStatus;
  verified?: boolean;
  /** Start as an instant (ms); defaults to a week from now. */
  startsAt?: number;
  /** End as an instant (ms); none unless given. */
  endsAt?: number | null;
  attendance?: AttendanceMode;
  venue?: string;
  address?: string;
  joinUrl?: string;
  placeVisibility?: PlaceVisibility;
  placeHoursBefore?: number;
  accessibility?: string;
  timezone?: string;
  organizer?: string;
  sourceLink?: string;
  createdBy?: string;
  createdAt?: number;
}

/** An event (approved unless told otherwise), created by a new user unless `createdBy` is given. */
export async function createEvent(store: Store, overrides: EventOverrides = {}): Promise<EventRow> {
  const n = next();
  const createdBy = overrides.createdBy ?? (await createUser(store)).id;
  return insertEvent(store.db, {
    title: overrides.title ?? `Test event ${n}`,
    description: overrides.description ?? 'A test event description.',
    city: overrides.city ?? 'London',
    country: overrides.country ?? 'United Kingdom',
    type: overrides.type ?? 'protest',
    status: overrides.status ?? 'approved',
    verified: overrides.verified ?? false,
    startsAt: overrides.startsAt ?? Date.now() + 7 * DAY,
    endsAt: overrides.endsAt ?? null,
    attendance: overrides.attendance,
    venue: overrides.venue,
    address: overrides.address,
    joinUrl: overrides.joinUrl,
    placeVisibility: overrides.placeVisibility,
    placeHoursBefore: overrides.placeHoursBefore,
    accessibility: overrides.accessibility,
    timezone: overrides.timezone ?? 'Europe/London',
    organizer: overrides.organizer,
    sourceLink: overrides.sourceLink ?? 'https://example.org/event',
    createdBy,
    createdAt: overrides.createdAt,
  });
}

/** An open report of an event (inserted directly: tests of moderation need no report endpoint). */
export async function createReport(
  store: Store,
  {
    eventId,
    reportedBy,
    reason = 'wrong_info',
    createdAt = Date.now(),
  }: { eventId: string; reportedBy: string; reason?: ReportReason; createdAt?: number },
): Promise<ReportRow> {
  const row: ReportRow = {
    id: newId(),
    event_id: eventId,
    reported_by: reportedBy,
    reason,
    status: 'open',
    created_at: createdAt,
    closed_at: null,
    closed_by: null,
  };
  await store.db.insertInto('reports').values(row).execute();
  return row;
}

/** A transparency log entry, as a moderation command would write it. */
export async function createLogEntry(
  store: Store,
  {
    eventId,
    moderatorId,
    action = 'rejected',
    reason = 'Not an event in support of Palestine',
    createdAt = Date.now(),
  }: { eventId: string; moderatorId: string; action?: LogAction; reason?: string; createdAt?: number },
): Promise<LogRow> {
  return insertLogEntry(store.db, { eventId, action, reason, moderatorId, now: createdAt });
}

/** A user who signs in with this email and password (hashed as sign-up would); `emailVerified` proves it. */
export async function createPasswordAccount(
  store: Store,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    role?: Role;
    emailVerified?: boolean;
    language?: Language | null;
  } = {},
): Promise<UserRow & { password: string }> {
  const { createPasswordUser } = await import('../auth/passwords');
  const n = next();
  const password = overrides.password ?? `password-${n}`;
  const user = await createPasswordUser(store.db, {
    name: overrides.name ?? `Test User ${n}`,
    email: overrides.email ?? `user${n}-${Date.now()}@example.org`,
    password,
    role: overrides.role ?? 'user',
    language: overrides.language ?? null,
  });
  if (!overrides.emailVerified) return { ...user, password };
  const emailVerifiedAt = Date.now();
  await store.db
    .updateTable('users')
    .set({ email_verified_at: emailVerifiedAt })
    .where('id', '=', user.id)
    .execute();
  return { ...user, email_verified_at: emailVerifiedAt, password };
}

/**
 * A recurring event of 3 weekly dates at 18:00 (Europe/London) from a week ahead, or from `date`
 * (docs/PRODUCT.md#recurring-events), every date in `status` (approved unless told otherwise): its first date.
 */
export async function createSeriesEvents(
  store: Store,
  overrides: {
    status?: EventStatus;
    createdBy?: string;
    date?: string;
    title?: string;
    timezone?: string;
  } = {},
): Promise<EventRow> {
  const createdBy = overrides.createdBy ?? (await createUser(store)).id;
  const date = overrides.date ?? new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
  const input = eventInputSchema.parse(
    validEventInput({
      date,
      time: '18:00',
      ...(overrides.title ? { title: overrides.title } : {}),
      ...(overrides.timezone ? { timezone: overrides.timezone } : {}),
    }),
  );
  const rule = repeatRuleSchema.parse({ freq: 'weekly', weekdays: [weekdayOf(date)], count: 3 });
  const rows = await store.db
    .transaction()
    .execute((trx) => createSeries(trx, { input, rule, dates: seriesDates(input, rule), createdBy }));
  const status = overrides.status ?? 'approved';
  const first = rows[0];
  if (!first) throw new Error('A series without dates');
  await store.db
    .updateTable('events')
    .set({ status, approved_at: status === 'approved' ? Date.now() : null })
    .where('series_id', '=', first.series_id)
    .execute();
  return { ...first, status };
}

/**
 * A submitter's weekly series of Fridays 7, 14 and 21 March 2031, 18:00 London time, published: its
 * second date (14 March), for what is said of one date of a series.
 */
export async function secondDateOfMarchFridays(
  store: Store,
  createdBy: string,
  title: string,
): Promise<EventRow> {
  const first = await createSeriesEvents(store, { createdBy, date: '2031-03-07', title });
  return store.db
    .selectFrom('events')
    .selectAll()
    .where('series_id', '=', first.series_id)
    .where('series_position', '=', 1)
    .executeTakeFirstOrThrow();
}
