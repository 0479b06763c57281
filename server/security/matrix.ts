import type { EventStatus } from '../../common/enums';
import type { EventRow } from '../store/schema';

/**
 * The authorization matrix: every route the server has, and what each kind of caller gets from it.
 * `authorization.test.ts` runs every row against a real server and fails when the server has a route
 * that no row names, so a new endpoint cannot ship without a decision written down here.
 *
 * Callers: a visitor (no session), a signed-in user who has nothing to do with the event, the event's
 * submitter, and a moderator. Each request gets a fresh fixture (a new event with its own submitter),
 * so rows never depend on each other. Every refused request (4xx) and every GET must leave the stored
 * data exactly as it was (users, sessions, events, reports, log), which the test checks with a hash.
 */

export const CALLERS = ['visitor', 'user', 'submitter', 'moderator'] as const;
export type Caller = (typeof CALLERS)[number];

export type Expected = Record<Caller, number>;

/** What a row's request can refer to. */
export interface MatrixContext {
  /** The fixture event (by the submitter); its status is the row's `event`. */
  event: EventRow;
  /** A password account nobody else uses, and its password (sign-in rows). */
  account: { email: string; password: string };
  /** Different on every request (unique emails). */
  unique: string;
}

export interface MatrixRow {
  method: 'GET' | 'POST';
  /** The route pattern exactly as registered, e.g. `/api/events/:id`. */
  route: string;
  /** What this row tries, in a few words. */
  what: string;
  /** Status of the fixture event; default approved. */
  event?: EventStatus;
  /** Make the fixture event the first date of a recurring event (3 dates, all in its status). */
  series?: boolean;
  /** Give the fixture event an open report by a third person first. */
  reported?: boolean;
  /** The concrete path; default the route with `:id` replaced by the fixture event's id. */
  path?: (ctx: MatrixContext) => string;
  /** JSON body (POST). */
  body?: (ctx: MatrixContext) => unknown;
  /** Send the body as a form without JavaScript does (`application/x-www-form-urlencoded`). */
  form?: boolean;
  expect: Expected;
  /** What a successful (2xx) answer must have done to the fixture event. */
  effect?: { status?: EventStatus; openReports?: number };
  /**
   * Why this POST is answered whatever site sends it (no cross-site check): the token in its address
   * authorises it, and mail programs send it from their own servers (one-click unsubscribe, RFC 8058).
   */
  crossSiteAllowed?: string;
}

const all = (status: number): Expected => ({
  visitor: status,
  user: status,
  submitter: status,
  moderator: status,
});
/** Moderators only: 401 for a visitor, 403 for anyone else signed in. */
const moderators = (ok: number): Expected => ({ visitor: 401, user: 403, submitter: 403, moderator: ok });
/** The submitter and moderators see it; everyone else is told it does not exist. */
const ownerOrModerator = (ok: number): Expected => ({
  visitor: 404,
  user: 404,
  submitter: ok,
  moderator: ok,
});
/** Any signed-in person. */
const signedIn = (ok: number): Expected => ({ visitor: 401, user: ok, submitter: ok, moderator: ok });

const validEvent = () => ({
  title: 'Matrix vigil',
  description: 'A vigil created by the authorization matrix test.',
  date: '2031-05-15',
  time: '18:30',
  timezone: 'Europe/London',
  city: 'London',
  country: 'United Kingdom',
  type: 'protest',
  sourceLink: 'https://example.org/vigil',
});

export const MATRIX: MatrixRow[] = [
  // --- Health, session, accounts
  { method: 'GET', route: '/api/health', what: 'health check', expect: all(200) },
  { method: 'GET', route: '/api/auth/session', what: 'who am I', expect: all(200) },
  {
    method: 'POST',
    route: '/api/auth/sign-up',
    what: 'create an account (a new one, even when signed in)',
    body: (c) => ({ name: 'New Person', email: `new-${c.unique}@example.org`, password: 'long enough' }),
    expect: all(201),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-up',
    what: 'sign up with an email already in use',
    body: (c) => ({ name: 'Someone Else', email: c.account.email, password: 'another one' }),
    expect: all(409),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-in',
    what: 'sign in with the right password',
    body: (c) => c.account,
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/auth/sign-in',
    what: 'sign in with a wrong password',
    body: (c) => ({ email: c.account.email, password: `${c.account.password}-wrong` }),
    expect: all(401),
  },
  { method: 'POST', route: '/api/auth/sign-out', what: 'sign out', expect: all(200) },
  // Google is not configured on the test server: every Google address answers "not set up", for everyone.
  {
    method: 'GET',
    route: '/api/auth/google/start',
    what: 'Google sign-in (not configured)',
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/auth/google/reauthenticate',
    what: 'confirm with Google before deleting the account (not configured)',
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/auth/google/callback',
    what: 'Google callback (not configured)',
    path: () => '/api/auth/google/callback?code=abc&state=def',
    expect: all(404),
  },

  // --- Email (docs/EMAIL.md). The test server sends no email (no SMTP): what needs it says so (404).
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    what: 'forgot password (email off)',
    body: (c) => ({ email: c.account.email }),
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    what: 'set a new password with a link that does not exist',
    body: () => ({ token: 'A'.repeat(43), password: 'a new password' }),
    expect: all(400),
  },
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    what: 'confirm an address with a link that does not exist',
    body: () => ({ token: 'A'.repeat(43) }),
    expect: all(400),
  },
  { method: 'GET', route: '/api/account/email', what: 'own email settings', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/account/email/preferences',
    what: 'choose own emails',
    body: () => ({ notifications: { event_approved: false } }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/account/email/preferences',
    what: 'choose a moderators’ email',
    body: () => ({ notifications: { new_submission: true } }),
    expect: { visitor: 401, user: 403, submitter: 403, moderator: 200 },
  },
  {
    method: 'POST',
    route: '/api/account/email/verification',
    what: 'send the verification link again (email off)',
    body: () => ({}),
    expect: { visitor: 401, user: 404, submitter: 404, moderator: 404 },
  },
  // --- The account page (docs/PRODUCT.md#your-account). Callers sign in with a session and no password.
  {
    method: 'POST',
    route: '/api/account/name',
    what: 'change own name',
    body: () => ({ name: 'Matrix Nickname' }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/account/name',
    what: 'change own name to nothing',
    body: () => ({ name: '  ' }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/api/account/password',
    what: 'change the password of an account that has none (Google only)',
    body: () => ({ currentPassword: 'anything', newPassword: 'a new password' }),
    expect: signedIn(409),
  },
  {
    method: 'POST',
    route: '/api/account/sign-out-everywhere',
    what: 'end every own session',
    body: () => ({}),
    expect: signedIn(200),
  },
  { method: 'GET', route: '/api/account/export', what: 'download own data', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/account/delete',
    what: 'delete own account (no password) without confirming with Google first',
    body: () => ({}),
    expect: signedIn(403),
  },
  {
    method: 'GET',
    route: '/unsubscribe',
    what: 'unsubscribe page with an unknown link',
    path: () => `/unsubscribe?token=${'A'.repeat(43)}`,
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/unsubscribe',
    what: 'one-click unsubscribe with an unknown link',
    path: () => `/unsubscribe?token=${'A'.repeat(43)}`,
    body: () => ({}),
    expect: all(404),
    crossSiteAllowed: 'the link authorises it; mail programs POST it from their servers (RFC 8058)',
  },

  // --- Public events
  { method: 'GET', route: '/api/events', what: 'list approved events', expect: all(200) },
  { method: 'GET', route: '/api/events/month', what: 'a month of approved events', expect: all(200) },
  {
    method: 'POST',
    route: '/api/events',
    what: 'submit an event',
    body: validEvent,
    expect: signedIn(201),
  },
  // Flyers (docs/PRODUCT.md#flyers): uploads need a session; the upload tests send real files.
  {
    method: 'POST',
    route: '/api/images',
    what: 'upload an image without a file',
    body: () => ({}),
    expect: signedIn(400),
  },
  {
    method: 'GET',
    route: '/images/:file',
    what: 'an image nobody uploaded',
    path: () => '/images/0123456789abcdef0123456789abcdef-400.webp',
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/share/:file',
    what: 'the share preview of what an event said before',
    path: (ctx) => `/share/${ctx.event.id}-en-0000000000000000.png`,
    expect: all(404),
  },
  { method: 'GET', route: '/api/events/:id', what: 'an approved event', expect: all(200) },
  {
    method: 'GET',
    route: '/api/events/:id',
    what: 'a pending event',
    event: 'pending',
    expect: ownerOrModerator(200),
  },
  {
    method: 'GET',
    route: '/api/events/:id',
    what: 'a rejected event',
    event: 'rejected',
    expect: ownerOrModerator(200),
  },
  {
    method: 'GET',
    route: '/api/events/:id',
    what: 'a removed event',
    event: 'removed',
    expect: ownerOrModerator(200),
  },
  {
    method: 'GET',
    route: '/api/events/:id',
    what: 'an id that does not exist',
    path: () => '/api/events/AAAAAAAAAAAAAAAA',
    expect: all(404),
  },
  { method: 'GET', route: '/api/events/:id/ics', what: 'an approved event as .ics', expect: all(200) },
  {
    method: 'GET',
    route: '/api/events/:id/ics',
    what: 'a pending event as .ics',
    event: 'pending',
    expect: ownerOrModerator(200),
  },

  // --- Cancelled and postponed (docs/PRODUCT.md#cancelled-and-postponed)
  {
    method: 'POST',
    route: '/api/events/:id/schedule',
    what: 'cancel an approved event',
    body: () => ({ schedule: 'cancelled', note: 'Called off' }),
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
    effect: { status: 'approved' },
  },
  {
    method: 'POST',
    route: '/api/events/:id/schedule',
    what: 'postpone a pending event',
    event: 'pending',
    body: () => ({ schedule: 'postponed' }),
    expect: { visitor: 401, user: 404, submitter: 409, moderator: 409 },
  },

  // --- Recurring events (docs/PRODUCT.md#recurring-events)
  {
    method: 'POST',
    route: '/api/series/preview',
    what: 'preview the dates of a rule',
    body: () => ({
      date: '2031-05-16',
      time: '18:30',
      timezone: 'Europe/London',
      repeats: { freq: 'weekly', weekdays: ['FR'], count: 4 },
    }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/series/:id',
    what: 'a published series and its dates',
    series: true,
    path: (c) => `/api/series/${c.event.series_id}`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/series/:id',
    what: 'a series waiting for review',
    series: true,
    event: 'pending',
    path: (c) => `/api/series/${c.event.series_id}`,
    expect: ownerOrModerator(200),
  },
  {
    method: 'GET',
    route: '/api/series/:id/ics',
    what: 'a published series as one .ics with its rule',
    series: true,
    path: (c) => `/api/series/${c.event.series_id}/ics`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/series/:id/ics',
    what: 'a series waiting for review as .ics',
    series: true,
    event: 'pending',
    path: (c) => `/api/series/${c.event.series_id}/ics`,
    expect: all(404),
  },
  {
    method: 'POST',
    route: '/api/series/:id/edit',
    what: 'edit every date of a published series',
    series: true,
    path: (c) => `/api/series/${c.event.series_id}/edit`,
    body: (c) => ({ ...validEvent(), date: c.event.series_date, time: '19:00', version: 1 }),
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
    effect: { status: 'approved' },
  },
  {
    method: 'POST',
    route: '/api/series/:id/end',
    what: 'end a series after its first date',
    series: true,
    path: (c) => `/api/series/${c.event.series_id}/end`,
    body: (c) => ({ lastDate: c.event.series_date, version: 1 }),
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
    effect: { status: 'approved' },
  },
  {
    method: 'POST',
    route: '/api/moderation/series/:id/remove',
    what: 'remove every published date of a series',
    series: true,
    path: (c) => `/api/moderation/series/${c.event.series_id}/remove`,
    body: () => ({ reason: 'Not a real event' }),
    expect: moderators(200),
    effect: { status: 'removed' },
  },
  {
    method: 'POST',
    route: '/api/events/:id/move',
    what: 'change the time of one date of a series',
    series: true,
    body: (c) => ({ date: c.event.series_date, time: '20:00', version: c.event.version }),
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
    effect: { status: 'approved' },
  },
  {
    method: 'POST',
    route: '/api/events/:id/move',
    what: 'change the time of an event of no series',
    body: (c) => ({ date: '2031-05-15', time: '20:00', version: c.event.version }),
    expect: { visitor: 401, user: 404, submitter: 409, moderator: 409 },
  },

  // --- Organisers' own events (docs/PRODUCT.md#my-events): anyone else is told it does not exist
  { method: 'GET', route: '/api/my/events', what: 'my events', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/events/:id/edit',
    what: 'open an approved event for editing',
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
  },
  {
    method: 'GET',
    route: '/api/events/:id/edit',
    what: 'open a rejected event for editing',
    event: 'rejected',
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
  },
  {
    method: 'POST',
    route: '/api/events/:id/edit',
    what: 'edit an approved event (a proposed change, or a moderator edit)',
    body: (c) => ({ ...validEvent(), title: 'Matrix vigil, edited', version: c.event.version }),
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
    effect: { status: 'approved' },
  },
  {
    method: 'POST',
    route: '/api/events/:id/edit',
    what: 'resubmit a rejected event',
    event: 'rejected',
    body: (c) => ({ ...validEvent(), version: c.event.version }),
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
  },
  {
    method: 'POST',
    route: '/api/events/:id/edit',
    what: 'edit a pending event from a stale version',
    event: 'pending',
    body: (c) => ({ ...validEvent(), version: c.event.version + 1 }),
    expect: { visitor: 401, user: 404, submitter: 409, moderator: 409 },
  },
  {
    method: 'POST',
    route: '/api/events/:id/edit',
    what: 'edit a removed event',
    event: 'removed',
    body: (c) => ({ ...validEvent(), version: c.event.version }),
    expect: { visitor: 401, user: 404, submitter: 409, moderator: 409 },
  },
  {
    method: 'POST',
    route: '/api/events/:id/withdraw',
    what: 'withdraw a pending event',
    event: 'pending',
    body: (c) => ({ version: c.event.version }),
    expect: { visitor: 401, user: 404, submitter: 200, moderator: 200 },
    effect: { status: 'withdrawn' },
  },
  {
    method: 'POST',
    route: '/api/events/:id/withdraw',
    what: 'withdraw an approved event',
    body: (c) => ({ version: c.event.version }),
    expect: { visitor: 401, user: 404, submitter: 409, moderator: 409 },
  },

  {
    method: 'POST',
    route: '/api/moderation/events/:id/verify',
    what: 'verify a published event',
    body: () => ({ verified: true }),
    expect: moderators(200),
    effect: { status: 'approved' },
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/verify',
    what: 'remove a verification the event does not have',
    body: () => ({ verified: false }),
    expect: moderators(409),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/verify',
    what: 'verify a pending event',
    event: 'pending',
    body: () => ({ verified: true }),
    expect: moderators(409),
  },
  {
    method: 'GET',
    route: '/api/moderation/events/:id/audit',
    what: "an event's audit trail",
    expect: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/accept-change',
    what: 'accept a change when none waits',
    body: (c) => ({ version: c.event.version }),
    expect: moderators(409),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/reject-change',
    what: 'reject a change when none waits',
    body: (c) => ({ version: c.event.version, reason: 'Not needed' }),
    expect: moderators(409),
  },

  // --- Reports
  {
    method: 'POST',
    route: '/api/events/:id/reports',
    what: 'report an approved event',
    body: () => ({ reason: 'wrong_info' }),
    expect: signedIn(201),
    effect: { status: 'approved', openReports: 1 },
  },
  {
    method: 'POST',
    route: '/api/events/:id/reports',
    what: 'report a pending event',
    event: 'pending',
    body: () => ({ reason: 'spam' }),
    expect: { visitor: 401, user: 404, submitter: 404, moderator: 404 },
  },

  // --- Moderation
  { method: 'GET', route: '/api/moderation/counts', what: 'tab counts', expect: moderators(200) },
  {
    method: 'GET',
    route: '/api/moderation/events',
    what: 'pending queue',
    path: () => '/api/moderation/events?tab=pending',
    expect: moderators(200),
  },
  {
    method: 'GET',
    route: '/api/moderation/events',
    what: 'reported tab',
    path: () => '/api/moderation/events?tab=reported',
    expect: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/approve',
    what: 'approve a pending event',
    event: 'pending',
    body: () => ({ verified: true }),
    expect: moderators(200),
    effect: { status: 'approved' },
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/approve',
    what: 'approve an event already approved',
    body: () => ({}),
    expect: moderators(409),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/reject',
    what: 'reject a pending event',
    event: 'pending',
    body: () => ({ reason: 'Not an event in support of Palestine' }),
    expect: moderators(200),
    effect: { status: 'rejected' },
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/remove',
    what: 'remove a reported event (closes its reports)',
    reported: true,
    body: () => ({ reason: 'Event cancelled' }),
    expect: moderators(200),
    effect: { status: 'removed', openReports: 0 },
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/remove',
    what: 'remove an event that does not exist',
    path: () => '/api/moderation/events/AAAAAAAAAAAAAAAA/remove',
    body: () => ({}),
    expect: moderators(404),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/dismiss-reports',
    what: 'dismiss the reports of a reported event',
    reported: true,
    body: () => ({}),
    expect: moderators(200),
    effect: { status: 'approved', openReports: 0 },
  },

  // Preset reasons: a moderators' setting. No preset exists in a fixture, so an edit or a deletion by a
  // moderator finds none (404), after the role check refused everyone else.
  { method: 'GET', route: '/api/moderation/reasons', what: 'preset reasons', expect: moderators(200) },
  {
    method: 'POST',
    route: '/api/moderation/reasons',
    what: 'add a preset reason',
    body: () => ({ kind: 'reject', text: 'A duplicate of an existing listing.' }),
    expect: moderators(201),
  },
  {
    method: 'POST',
    route: '/api/moderation/reasons/:id',
    what: 'edit a preset reason',
    path: () => '/api/moderation/reasons/AAAAAAAAAAAAAAAA',
    body: () => ({ kind: 'remove', text: 'Cancelled by its organisers.' }),
    expect: moderators(404),
  },
  {
    method: 'POST',
    route: '/api/moderation/reasons/:id/delete',
    what: 'delete a preset reason',
    path: () => '/api/moderation/reasons/AAAAAAAAAAAAAAAA/delete',
    body: () => ({}),
    expect: moderators(404),
  },

  // Moderators' time (server/routes/moderation/queueTools.ts): bulk decisions, claims, private notes,
  // trusted organisers and "Published without review". Moderators only, the role checked first.
  {
    method: 'POST',
    route: '/api/moderation/bulk',
    what: 'reject several pending events with one reason',
    event: 'pending',
    body: (c) => ({ ids: [c.event.id], action: 'reject', reason: 'Part of a spam wave.' }),
    expect: moderators(200),
    effect: { status: 'rejected' },
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/claim',
    what: "I'm looking at this",
    event: 'pending',
    body: () => ({}),
    expect: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/release',
    what: 'let go of a claim',
    event: 'pending',
    body: () => ({}),
    expect: moderators(200),
  },
  {
    method: 'GET',
    route: '/api/moderation/events/:id/notes',
    what: "an event's private notes",
    expect: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/notes',
    what: 'add a private note on an event',
    body: () => ({ text: 'Checked with the organisers by phone.' }),
    expect: moderators(201),
  },
  {
    method: 'POST',
    route: '/api/moderation/notes/:id/delete',
    what: 'delete a note',
    path: () => '/api/moderation/notes/AAAAAAAAAAAAAAAA/delete',
    body: () => ({}),
    expect: moderators(404),
  },
  {
    method: 'GET',
    route: '/api/moderation/people/:id',
    what: 'a person as moderators see them',
    path: (c) => `/api/moderation/people/${c.event.created_by}`,
    expect: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/people/:id/notes',
    what: 'add a private note on a person',
    path: (c) => `/api/moderation/people/${c.event.created_by}/notes`,
    body: () => ({ text: 'Runs the Saturday vigils.' }),
    expect: moderators(201),
  },
  {
    method: 'POST',
    route: '/api/moderation/people/:id/trust',
    what: 'trust a person',
    path: (c) => `/api/moderation/people/${c.event.created_by}/trust`,
    body: () => ({ trusted: true }),
    expect: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/events/:id/checked',
    what: 'check an event that was reviewed already',
    body: () => ({}),
    expect: moderators(409),
  },
  {
    method: 'GET',
    route: '/api/events/similar',
    what: 'similar events, for the submit form',
    path: () => '/api/events/similar?title=Matrix%20vigil&city=London&date=2031-05-15',
    expect: signedIn(200),
  },

  // --- Transparency log (scope differs by caller; the test checks it)
  { method: 'GET', route: '/api/log', what: 'log entries', expect: all(200) },
  { method: 'GET', route: '/api/log/stats', what: 'public log figures', expect: all(200) },
  { method: 'GET', route: '/api/about', what: 'the About page', expect: all(200) },

  // --- Calendars, feeds, pages, API docs
  { method: 'GET', route: '/api/openapi.json', what: 'OpenAPI document', expect: all(200) },
  { method: 'GET', route: '/api/docs', what: 'API docs page', expect: all(200) },
  { method: 'GET', route: '/', what: 'home page (server-rendered)', expect: all(200) },
  // The app's other pages (common/renderedPages.ts): each says what it has for whoever asks, as the
  // API under it does; those that need JavaScript say so.
  ...(
    [
      '/about',
      '/log',
      '/submit',
      '/moderation',
      '/account',
      '/my-events',
      '/event/:id/edit',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
    ] as const
  ).map((route): MatrixRow => ({ method: 'GET', route, what: `page ${route}`, expect: all(200) })),
  {
    method: 'GET',
    route: '/auth',
    what: 'the sign-in page (signed in already: on where the person was going)',
    expect: { visitor: 200, user: 303, submitter: 303, moderator: 303 },
  },
  // Forms without JavaScript (server/html/postedForms.ts): the API's rules, answered with pages.
  {
    method: 'POST',
    route: '/auth',
    what: 'sign in with the plain form',
    form: true,
    body: (c) => ({ intent: 'signIn', ...c.account }),
    expect: all(303),
  },
  {
    method: 'POST',
    route: '/auth',
    what: 'sign in with the plain form and a wrong password',
    form: true,
    body: (c) => ({ intent: 'signIn', email: c.account.email, password: `${c.account.password}-wrong` }),
    expect: all(401),
  },
  {
    method: 'POST',
    route: '/auth',
    what: 'sign up with the plain form',
    form: true,
    body: (c) => ({
      intent: 'signUp',
      name: 'New Person',
      email: `form-${c.unique}@example.org`,
      password: 'long enough',
    }),
    expect: all(303),
  },
  {
    method: 'POST',
    route: '/submit',
    what: 'submit an event with the plain form',
    form: true,
    body: validEvent,
    expect: signedIn(303),
  },
  { method: 'GET', route: '/event/:id', what: 'page of an approved event', expect: all(200) },
  {
    method: 'GET',
    route: '/event/:id',
    what: 'page of a pending event',
    event: 'pending',
    expect: ownerOrModerator(200),
  },
  {
    method: 'GET',
    route: '/event/:id',
    what: '.ics of a rejected event',
    event: 'rejected',
    path: (c) => `/event/${c.event.id}.ics`,
    expect: ownerOrModerator(200),
  },
  { method: 'GET', route: '/embed', what: 'embeddable list', expect: all(200) },
  { method: 'GET', route: '/subscribe', what: 'subscribe page', expect: all(200) },
  { method: 'GET', route: '/sitemap.xml', what: 'sitemap', expect: all(200) },
  { method: 'GET', route: '/calendar.ics', what: 'calendar feed', expect: all(200) },
  { method: 'GET', route: '/feed.xml', what: 'RSS feed', expect: all(200) },
  { method: 'GET', route: '/robots.txt', what: 'robots.txt', expect: all(200) },
];
