import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNote } from '../store/notes';
import type { UserRow } from '../store/schema';
import {
  createEvent,
  createModerator,
  createPasswordAccount,
  createReport,
  createSeriesEvents,
  createUser,
  sessionCookieFor,
} from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/harness';
import { CALLERS, type Caller, MATRIX, type MatrixContext, type MatrixRow } from './matrix';
import { freshIp, pageTemplateRoot, registeredRoutes, snapshotData } from './support';

let server: TestServer;
let template: ReturnType<typeof pageTemplateRoot>;
let moderator: UserRow;
let bystander: UserRow;
let unique = 0;

beforeAll(async () => {
  // With the page template, so the server-rendered pages (/event/:id, /subscribe) are in the matrix too.
  template = pageTemplateRoot();
  server = await startTestServer({ webRoot: template.dir });
  moderator = await createModerator(server.store);
  bystander = await createUser(server.store);
});

afterAll(async () => {
  await server.close();
  template.remove();
});

const rowName = (row: MatrixRow) => `${row.method} ${row.route}: ${row.what}`;

/**
 * Moderators' private notes, planted on every fixture's event and submitter: no answer to anyone but a
 * moderator may ever hold their text (docs/PRODUCT.md#who-sees-what).
 */
const noteText = (what: string) => `Private moderator note ${what} ${Date.now()}-${unique}`;

/** A fresh fixture for one request: an event by its own submitter, and the caller's cookie. */
async function fixture(
  row: MatrixRow,
  caller: Caller,
): Promise<{ ctx: MatrixContext; cookie?: string; notes: string[] }> {
  const store = server.store;
  const submitter = await createUser(store);
  const event = row.series
    ? await createSeriesEvents(store, { status: row.event ?? 'approved', createdBy: submitter.id })
    : await createEvent(store, { status: row.event ?? 'approved', createdBy: submitter.id });
  const notes = [noteText('on the event'), noteText('on its submitter')];
  const now = Date.now();
  await insertNote(store.db, {
    subject: { eventId: event.id },
    authorId: moderator.id,
    text: notes[0]!,
    now,
  });
  await insertNote(store.db, {
    subject: { userId: submitter.id },
    authorId: moderator.id,
    text: notes[1]!,
    now,
  });
  if (row.reported) {
    const reporter = await createUser(store);
    await createReport(store, { eventId: event.id, reportedBy: reporter.id });
  }
  unique += 1;
  const tag = `${Date.now()}-${unique}`;
  const account =
    row.route === '/api/auth/sign-in' || row.route === '/auth'
      ? await createPasswordAccount(store, { email: `matrix-${tag}@example.org` })
      : { ...(await createUser(store, { email: `matrix-${tag}@example.org` })), password: 'unused' };
  const who: Record<Caller, UserRow | null> = {
    visitor: null,
    user: bystander,
    submitter,
    moderator,
  };
  const user = who[caller];
  return {
    ctx: { event, account: { email: account.email, password: account.password }, unique: tag },
    cookie: user ? await sessionCookieFor(store, user) : undefined,
    notes,
  };
}

const contentType = (row: MatrixRow) => (row.form ? 'application/x-www-form-urlencoded' : 'application/json');

/** A row's body as JSON, or as a form sends it. */
function encodeBody(row: MatrixRow, body: unknown): string {
  return row.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
}

describe('authorization matrix', () => {
  it('lists every route the server has, and only those', () => {
    const staticFiles = new Set(template.files);
    const routes = registeredRoutes(server.app);
    expect(routes.length).toBeGreaterThan(20);
    const listed = new Set(MATRIX.map((row) => `${row.method} ${row.route}`));
    const missing = routes
      // HEAD is Fastify's automatic twin of a GET: it runs the same handler and policy.
      .filter((r) => !(r.method === 'HEAD' && routes.some((g) => g.method === 'GET' && g.url === r.url)))
      // Files of the built web app (served by @fastify/static): public by nature, not endpoints.
      .filter((r) => !staticFiles.has(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !listed.has(key));
    expect(missing, 'routes without a row in server/security/matrix.ts').toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const stale = [...listed].filter((key) => !registered.has(key));
    expect(stale, 'matrix rows for routes that do not exist').toEqual([]);
  });

  for (const row of MATRIX) {
    it(rowName(row), async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const caller of CALLERS) {
        const { ctx, cookie, notes } = await fixture(row, caller);
        const path = row.path ? row.path(ctx) : row.route.replace(':id', ctx.event.id);
        const body = row.body?.(ctx);
        const before = await snapshotData(server.store);
        const res = await server.fetch(path, {
          method: row.method,
          // A form's answer is a redirect (303): its status is the outcome.
          redirect: 'manual',
          headers: {
            'x-forwarded-for': freshIp(),
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined ? { 'content-type': contentType(row) } : {}),
          },
          body: body !== undefined ? encodeBody(row, body) : undefined,
        });
        const text = await res.text();
        expect(res.status, `no server error for ${caller}: ${text.slice(0, 200)}`).toBeLessThan(500);
        if (caller !== 'moderator') {
          for (const note of notes)
            expect(text, `${caller} was shown a moderator's note`).not.toContain(note);
        }
        outcomes.push(`${caller} ${res.status}`);
        expected.push(`${caller} ${row.expect[caller]}`);
        if (res.status >= 400 || row.method === 'GET') {
          // Refused (or only read): nothing stored changed.
          expect(await snapshotData(server.store), `${caller}: stored data changed`).toEqual(before);
        }
        if (row.effect && res.status < 300) {
          const db = server.store.db;
          const { status } = await db
            .selectFrom('events')
            .select('status')
            .where('id', '=', ctx.event.id)
            .executeTakeFirstOrThrow();
          const open = await db
            .selectFrom('reports')
            .select('id')
            .where('event_id', '=', ctx.event.id)
            .where('status', '=', 'open')
            .execute();
          if (row.effect.status) expect(status, `${caller}: event status after`).toBe(row.effect.status);
          if (row.effect.openReports !== undefined) {
            expect(open.length, `${caller}: open reports after`).toBe(row.effect.openReports);
          }
        }
        if (row.route === '/api/log' && res.status === 200) {
          const scope = (JSON.parse(text) as { scope: string }).scope;
          const want = { visitor: 'none', user: 'own', submitter: 'own', moderator: 'all' }[caller];
          expect(scope, `log scope for ${caller}`).toBe(want);
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('answers a hidden event exactly like one that does not exist', async () => {
    const pending = await createEvent(server.store, { status: 'pending' });
    const cookie = await sessionCookieFor(server.store, bystander);
    for (const init of [{}, { headers: { cookie } }]) {
      const hidden = await server.fetch(`/api/events/${pending.id}`, init);
      const missing = await server.fetch('/api/events/AAAAAAAAAAAAAAAA', init);
      expect(hidden.status).toBe(404);
      expect(await hidden.text()).toBe(await missing.text());
    }
  });

  it('refuses every state-changing request sent from another site, and changes nothing', async () => {
    const posts = MATRIX.filter((row) => row.method === 'POST' && !row.crossSiteAllowed);
    expect(posts.length).toBeGreaterThan(5);
    for (const row of posts) {
      const { ctx, cookie } = await fixture(row, 'moderator');
      const path = row.path ? row.path(ctx) : row.route.replace(':id', ctx.event.id);
      const before = await snapshotData(server.store);
      const res = await server.fetch(path, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: cookie ?? '',
          origin: 'https://attacker.example',
          'content-type': contentType(row),
          'x-forwarded-for': freshIp(),
        },
        body: encodeBody(row, row.body?.(ctx) ?? {}),
      });
      expect(res.status, rowName(row)).toBe(403);
      expect(await snapshotData(server.store), rowName(row)).toEqual(before);
    }
  });
});
