import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../common/schemas/errors';
import type { ModerationCounts, ModerationList } from '../../../common/schemas/moderation';
import type { EventEditState } from '../../../common/schemas/ownership';
import { apiClient, signedInModerator } from '../../testing/api';
import { createEvent, createUser, sessionCookieFor } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// The order of the Pending tab and the queue's health (docs/PRODUCT.md#moderation-dashboard), on a
// database of its own so that the figures are exact.
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
let server: TestServer;
let modCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  modCookie = (await signedInModerator(server.store)).cookie;
});
afterAll(() => server.close());

const { call, json } = apiClient(() => server);
const get = (path: string, cookie = modCookie) => call(path, cookie);
const titles = async (query: string) =>
  (
    await json<ModerationList>(await get(`/api/moderation/events?tab=pending&pageSize=100${query}`))
  ).items.map((i) => i.event.title);
const counts = async () => json<ModerationCounts>(await get('/api/moderation/counts'));

describe('the Pending tab and queue health', () => {
  it('answers an empty queue with no oldest and none soon', async () => {
    expect(await counts()).toEqual({
      pending: 0,
      reported: 0,
      approved: 0,
      oldestWaitingSince: null,
      happeningSoon: 0,
      unreviewed: 0,
    });
  });

  it('orders by how soon the event happens, past-start ones first; ?sort=submitted newest first; counts the health', async () => {
    const s = server.store;
    const now = Date.now();
    const oldest = now - 5 * DAY;
    // Submitted in this order (createdAt), happening in another (startsAt).
    await createEvent(s, {
      status: 'pending',
      title: 'In ten days',
      startsAt: now + 10 * DAY,
      createdAt: now - 4 * HOUR,
    });
    await createEvent(s, {
      status: 'pending',
      title: 'Tomorrow',
      startsAt: now + DAY,
      createdAt: now - 3 * HOUR,
    });
    await createEvent(s, {
      status: 'pending',
      title: 'Started an hour ago',
      startsAt: now - HOUR,
      createdAt: oldest,
    });
    await createEvent(s, {
      status: 'pending',
      title: 'In 47 hours',
      startsAt: now + 47 * HOUR,
      createdAt: now - 2 * HOUR,
    });
    await createEvent(s, {
      status: 'pending',
      title: 'In 49 hours',
      startsAt: now + 49 * HOUR,
      createdAt: now - HOUR,
    });
    await createEvent(s, {
      status: 'pending',
      title: 'Last year',
      startsAt: now - 365 * DAY,
      createdAt: now - 30 * 60_000,
    });
    // Not waiting: published, rejected.
    await createEvent(s, {
      status: 'approved',
      title: 'Published tomorrow',
      startsAt: now + DAY,
      createdAt: now - 9 * DAY,
    });
    await createEvent(s, {
      status: 'rejected',
      title: 'Rejected tomorrow',
      startsAt: now + DAY,
      createdAt: now - 9 * DAY,
    });

    expect(await titles('')).toEqual([
      'Last year',
      'Started an hour ago',
      'Tomorrow',
      'In 47 hours',
      'In 49 hours',
      'In ten days',
    ]);
    expect(await titles('&sort=soonest')).toEqual(await titles(''));
    expect(await titles('&sort=submitted')).toEqual([
      'Last year',
      'In 49 hours',
      'In 47 hours',
      'Tomorrow',
      'In ten days',
      'Started an hour ago',
    ]);
    // Paging follows the order.
    const second = await json<ModerationList>(
      await get('/api/moderation/events?tab=pending&pageSize=2&page=2'),
    );
    expect(second.items.map((i) => i.event.title)).toEqual(['Tomorrow', 'In 47 hours']);
    expect(second.total).toBe(6);

    // Six wait; the oldest since five days; three happen within 48 hours (started an hour ago and not
    // over, tomorrow, in 47 hours); last year's is over, and 49 hours is beyond.
    const health = await counts();
    expect(health).toMatchObject({ pending: 6, happeningSoon: 3 });
    expect(health.oldestWaitingSince).toBe(new Date(oldest).toISOString());
  });

  it('places a proposed change by the published event’s date, and counts it as waiting since it was proposed', async () => {
    const submitter = await createUser(server.store);
    const cookie = await sessionCookieFor(server.store, submitter);
    const event = await createEvent(server.store, {
      title: 'Published, changed',
      startsAt: Date.now() + 47 * HOUR + 30 * 60_000,
      createdBy: submitter.id,
    });
    const state = await json<EventEditState>(await get(`/api/events/${event.id}/edit`, cookie));
    const res = await server.fetch(`/api/events/${event.id}/edit`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...state.values, title: 'Published, changed again', version: state.version }),
    });
    expect(res.status).toBe(200);
    const order = await titles('');
    expect(order.indexOf('Published, changed')).toBe(order.indexOf('In 47 hours') + 1);
    expect((await titles('&sort=submitted'))[0]).toBe('Published, changed');
    expect((await counts()).pending).toBe(7);
  });

  it('refuses an unknown order with a message, and anyone but moderators', async () => {
    const bad = await json<ApiError>(await get('/api/moderation/events?tab=pending&sort=random'), 400);
    expect(bad.error.message).toContain('sort');
    const userCookie = await sessionCookieFor(server.store, await createUser(server.store));
    expect((await get('/api/moderation/counts', userCookie)).status).toBe(403);
    expect((await server.fetch('/api/moderation/counts')).status).toBe(401);
  });
});
