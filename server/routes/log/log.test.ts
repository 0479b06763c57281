import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogList, LogStats } from '../../../common/schemas/log';
import { presentLogStats } from '../../presenters/log';
import type { UserRow } from '../../store/schema';
import {
  createEvent,
  createLogEntry,
  createModerator,
  createUser,
  sessionCookieFor,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let moderator: UserRow;
let submitter: UserRow;
let cookies: { moderator: string; submitter: string; other: string };
let mine: { id: string; title: string }[];
let theirs: { id: string; title: string };

beforeAll(async () => {
  server = await startTestServer();
  const s = server.store;
  moderator = await createModerator(s, { name: 'Mona Moderator' });
  submitter = await createUser(s, { name: 'Sami Submitter' });
  const other = await createUser(s, { name: 'Olga Other' });
  cookies = {
    moderator: await sessionCookieFor(s, moderator),
    submitter: await sessionCookieFor(s, submitter),
    other: await sessionCookieFor(s, other),
  };
  const now = Date.now();
  const a = await createEvent(s, { title: 'My rejected rally', status: 'rejected', createdBy: submitter.id });
  const b = await createEvent(s, { title: 'My removed vigil', status: 'removed', createdBy: submitter.id });
  const c = await createEvent(s, { title: 'Someone else’s film', status: 'rejected' });
  await createLogEntry(s, {
    eventId: a.id,
    moderatorId: moderator.id,
    reason: 'Duplicate listing',
    createdAt: now - 3000,
  });
  await createLogEntry(s, {
    eventId: b.id,
    moderatorId: moderator.id,
    action: 'removed',
    reason: 'Event removed due to reports',
    createdAt: now - 2000,
  });
  await createLogEntry(s, {
    eventId: c.id,
    moderatorId: moderator.id,
    reason: 'Spam',
    createdAt: now - 1000,
  });
  mine = [b, a];
  theirs = c;
});
afterAll(() => server.close());

async function log(cookie?: string, query = ''): Promise<LogList> {
  const res = await server.fetch(`/api/log${query}`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as LogList;
}

describe('GET /api/log', () => {
  it('moderators see every entry, newest first, with the title and which moderator acted', async () => {
    const body = await log(cookies.moderator);
    expect(body.scope).toBe('all');
    expect(body.total).toBe(3);
    expect(body.entries.map((e) => e.eventId)).toEqual([theirs.id, ...mine.map((e) => e.id)]);
    expect(body.entries[0]).toMatchObject({
      action: 'rejected',
      reason: 'Spam',
      eventTitle: theirs.title,
      moderator: { id: moderator.id, name: 'Mona Moderator' },
    });
  });

  it('a submitter sees only entries about their own events, with titles but no moderator', async () => {
    const body = await log(cookies.submitter);
    expect(body.scope).toBe('own');
    expect(body.total).toBe(2);
    expect(body.entries.map((e) => [e.eventId, e.eventTitle, e.action])).toEqual([
      [mine[0]?.id, 'My removed vigil', 'removed'],
      [mine[1]?.id, 'My rejected rally', 'rejected'],
    ]);
    for (const entry of body.entries) expect(entry).not.toHaveProperty('moderator');
    expect(JSON.stringify(body)).not.toContain(moderator.id);
    expect(JSON.stringify(body)).not.toContain('Mona');
  });

  it('another signed-in user sees nothing of other people’s events', async () => {
    const body = await log(cookies.other);
    expect(body).toMatchObject({ scope: 'own', entries: [], total: 0 });
  });

  it('a visitor gets no entries and the scope that invites them to sign in', async () => {
    const body = await log();
    expect(body).toMatchObject({ scope: 'none', entries: [], total: 0 });
  });

  it('paginates', async () => {
    const first = await log(cookies.moderator, '?pageSize=2');
    const second = await log(cookies.moderator, '?pageSize=2&page=2');
    expect(first.entries).toHaveLength(2);
    expect(second.entries).toHaveLength(1);
    expect(second.entries[0]?.eventId).toBe(mine[1]?.id);
    expect((await server.fetch('/api/log?page=0')).status).toBe(400);
  });
});

describe('GET /api/log/stats', () => {
  it('gives counts by action, reason and month to anyone, with no identities or event ids', async () => {
    const res = await server.fetch('/api/log/stats');
    expect(res.status).toBe(200);
    const stats = (await res.json()) as LogStats;
    expect(stats.months).toHaveLength(6);
    expect(stats.months.at(-1)).toBe(new Date().toISOString().slice(0, 7));
    expect(stats.totals).toEqual({ rejected: 2, removed: 1 });
    const text = JSON.stringify(stats);
    for (const secret of [
      moderator.id,
      submitter.id,
      'Mona',
      'Sami',
      theirs.id,
      theirs.title,
      ...mine.map((e) => e.id),
      ...mine.map((e) => e.title),
    ]) {
      expect(text).not.toContain(secret);
    }
    // Typed reasons given once are too rare to name: they count as "other". Standard ones are named.
    expect(stats.rows.map((r) => [r.action, r.reason, r.total])).toEqual([
      ['rejected', null, 2],
      ['removed', 'Event removed due to reports', 1],
    ]);
    expect(text).not.toContain('Duplicate listing');
  });

  it('names a reason given often enough, by month, and counts rarer ones as other', () => {
    const now = Date.UTC(2026, 5, 20);
    const may = Date.UTC(2026, 4, 10);
    const facts = [
      { action: 'removed' as const, reason: 'Event removed due to reports', created_at: now - 1000 },
      { action: 'removed' as const, reason: 'Event removed due to reports', created_at: may },
      { action: 'removed' as const, reason: 'Event removed due to reports', created_at: may + 1 },
      { action: 'removed' as const, reason: 'Organiser cancelled', created_at: may },
      { action: 'removed' as const, reason: 'Event removed as it has passed its deadline', created_at: may },
      { action: 'rejected' as const, reason: 'Written by Jane Doe', created_at: may },
      // Older than six months: left out.
      { action: 'rejected' as const, reason: 'Spam', created_at: Date.UTC(2025, 11, 31) },
    ];
    const stats = presentLogStats(facts, now);
    expect(stats.months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(stats.rows).toEqual([
      { action: 'rejected', reason: null, counts: [0, 0, 0, 0, 1, 0], total: 1 },
      { action: 'removed', reason: 'Event removed due to reports', counts: [0, 0, 0, 0, 2, 1], total: 3 },
      {
        action: 'removed',
        reason: 'Event removed as it has passed its deadline',
        counts: [0, 0, 0, 0, 1, 0],
        total: 1,
      },
      { action: 'removed', reason: null, counts: [0, 0, 0, 0, 1, 0], total: 1 },
    ]);
    expect(stats.totals).toEqual({ rejected: 1, removed: 5 });
  });
});
