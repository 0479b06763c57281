import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, EventList } from '../../../common/schemas/events';
import type { EventRow, UserRow } from '../../store/schema';
import {
  createEvent,
  createModerator,
  createUser,
  type EventOverrides,
  sessionCookieFor,
} from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/harness';

// Who sees an event's venue, address and link to join (docs/PRODUCT.md#who-sees-what), in every output.

const HOUR = 3600 * 1000;
const MINUTE = 60 * 1000;
let server: TestServer;
let webRoot: string;
let submitter: UserRow;
const cookies: Record<Role, string | undefined> = {
  visitor: undefined,
  user: undefined,
  submitter: undefined,
  moderator: undefined,
};
type Role = 'visitor' | 'user' | 'submitter' | 'moderator';
const ROLES: Role[] = ['visitor', 'user', 'submitter', 'moderator'];

const PLACE = {
  attendance: 'both',
  venue: 'Steps of the town hall',
  address: '1 Secret Street',
  joinUrl: 'https://meet.example.org/secret-room',
} as const;
/** Each case's own place, so that one output listing them all shows which one leaked. */
const placeOf = (index: number) => ({
  attendance: PLACE.attendance,
  venue: `${PLACE.venue} ${index}`,
  address: `${index} Secret Street`,
  joinUrl: `${PLACE.joinUrl}-${index}`,
});

/** The rules, and for each role whether they see the exact place now. */
const CASES: {
  name: string;
  event: EventOverrides;
  sees: Record<Role, boolean>;
  notice?: string;
}[] = [
  {
    name: 'everyone',
    event: { placeVisibility: 'everyone' },
    sees: { visitor: true, user: true, submitter: true, moderator: true },
  },
  {
    name: 'signed-in people',
    event: { placeVisibility: 'signed_in' },
    sees: { visitor: false, user: true, submitter: true, moderator: true },
    notice: 'Sign in to see the exact location and the link to join',
  },
  {
    name: 'everyone from 3 hours before: a minute before that',
    event: {
      placeVisibility: 'hours_before',
      placeHoursBefore: 3,
      startsAt: Date.now() + 3 * HOUR + 2 * MINUTE,
    },
    sees: { visitor: false, user: false, submitter: true, moderator: true },
    notice: 'Exact location and link to join shared 3 hours before the start',
  },
  {
    name: 'everyone from 3 hours before: within them',
    event: {
      placeVisibility: 'hours_before',
      placeHoursBefore: 3,
      startsAt: Date.now() + 3 * HOUR - 2 * MINUTE,
    },
    sees: { visitor: true, user: true, submitter: true, moderator: true },
  },
];
const rows = new Map<string, EventRow>();

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'palcal-shell-'));
  copyFileSync(join(process.cwd(), 'web', 'index.html'), join(webRoot, 'index.html'));
  server = await startTestServer({ webRoot });
  submitter = await createUser(server.store);
  cookies.user = await sessionCookieFor(server.store, await createUser(server.store));
  cookies.submitter = await sessionCookieFor(server.store, submitter);
  cookies.moderator = await sessionCookieFor(server.store, await createModerator(server.store));
  for (const [index, c] of CASES.entries()) {
    rows.set(
      c.name,
      await createEvent(server.store, {
        title: `Place ${c.name}`,
        ...placeOf(index),
        createdBy: submitter.id,
        startsAt: Date.now() + 24 * HOUR,
        ...c.event,
      }),
    );
  }
});
afterAll(async () => {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (path: string, role: Role) =>
  server.fetch(path, { headers: cookies[role] ? { cookie: cookies[role] } : {} });

function vevent(text: string) {
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  return {
    location: String(event.getFirstPropertyValue('location')),
    description: String(event.getFirstPropertyValue('description')),
  };
}

describe.each(CASES.map((c, index) => ({ ...c, place: placeOf(index) })))(
  'exact place shown to $name',
  ({ name, sees, notice, place }) => {
    const row = () => rows.get(name) as EventRow;

    it.each(ROLES)('API: the event and the list, for a %s', async (role) => {
      const one = (await (await get(`/api/events/${row().id}`, role)).json()) as EventDto;
      const list = (await (await get('/api/events?pageSize=100', role)).json()) as EventList;
      const listed = list.events.find((e) => e.id === row().id);
      for (const event of [one, listed]) {
        expect(event?.location).toEqual({ city: 'London', country: 'United Kingdom' });
        expect(event?.placeWithheld).toBe(!sees[role]);
        if (sees[role]) {
          expect(event).toMatchObject({ venue: place.venue, address: place.address, joinUrl: place.joinUrl });
        } else {
          expect(event).not.toHaveProperty('venue');
          expect(event).not.toHaveProperty('address');
          expect(event).not.toHaveProperty('joinUrl');
        }
      }
    });

    it.each(ROLES)('calendar file (both addresses), for a %s', async (role) => {
      for (const path of [`/api/events/${row().id}/ics`, `/event/${row().id}.ics`]) {
        const res = await get(path, role);
        expect(res.status).toBe(200);
        const { location, description } = vevent(await res.text());
        if (sees[role]) {
          expect(location).toBe(`${place.venue}, ${place.address}, London, United Kingdom`);
          expect(description).toContain(`Link to join: ${place.joinUrl}`);
        } else {
          expect(location).toBe('London, United Kingdom');
          expect(description).not.toContain(place.joinUrl);
          expect(description).toContain(notice);
        }
        // A file that depends on who asks is never kept by a shared cache, nor is any answer to a
        // signed-in person (server/app.ts).
        const shared = row().place_visibility === 'everyone' && role === 'visitor';
        expect(res.headers.get('cache-control')).toBe(shared ? 'public, max-age=300' : 'private, no-store');
      }
    });

    it.each(ROLES)(
      'feeds, embed and share previews are public: what a visitor sees, for a %s',
      async (role) => {
        const texts = await Promise.all(
          ['/calendar.ics', '/feed.xml', '/embed?limit=50', `/event/${row().id}`].map(async (path) => {
            const res = await get(path, role);
            expect(res.status).toBe(200);
            return res.text();
          }),
        );
        const [feed = '', ...others] = texts;
        const entry = new ICAL.Component(ICAL.parse(feed))
          .getAllSubcomponents('vevent')
          .find((c) => String(c.getFirstPropertyValue('summary')) === `Place ${name}`);
        expect(String(entry?.getFirstPropertyValue('location'))).toBe(
          sees.visitor
            ? `${place.venue}, ${place.address}, London, United Kingdom`
            : 'London, United Kingdom',
        );
        const page = others[2] ?? '';
        for (const text of [feed, ...others]) {
          if (!sees.visitor) {
            for (const secret of [place.address, place.venue, place.joinUrl])
              expect(text).not.toContain(secret);
          }
        }
        if (sees.visitor) {
          // JSON-LD names the place for search engines when everyone may see it.
          expect(page).toContain(place.address);
          expect(page).toContain(place.joinUrl);
        }
      },
    );
  },
);

describe('an online-only event', () => {
  it('needs no city or country, and keeps its link to join for those who may see it', async () => {
    const event = await createEvent(server.store, {
      title: 'Webinar',
      city: '',
      country: '',
      attendance: 'online',
      joinUrl: 'https://meet.example.org/webinar',
      placeVisibility: 'signed_in',
      createdBy: submitter.id,
    });
    const visitor = (await (await get(`/api/events/${event.id}`, 'visitor')).json()) as EventDto;
    expect(visitor).toMatchObject({
      attendance: 'online',
      placeWithheld: true,
      location: { city: '', country: '' },
    });
    expect(visitor).not.toHaveProperty('joinUrl');
    const ics = vevent(await (await get(`/event/${event.id}.ics`, 'visitor')).text());
    expect(ics.location).toBe('Online');
    expect(ics.description).toContain('Sign in to see the link to join');
    const user = vevent(await (await get(`/event/${event.id}.ics`, 'user')).text());
    expect(user.location).toBe('https://meet.example.org/webinar');
  });
});
