import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../server/testing/factories';
import { DESKTOP, type E2E, expectNoA11yViolations, PHONE, screenshot, startE2E } from './support/browser';

const DAY = 24 * 3600 * 1000;
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e.close());

/** The titles of the cards on the page, in order. */
async function cardTitles(page: Page): Promise<string[]> {
  return page.locator('main li article h3').allTextContents();
}

async function heading(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
}

describe('with no events at all', () => {
  it('shows the empty state for a calendar with nothing in it yet', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto('/');
    await page.getByRole('heading', { name: 'No Events Found' }).waitFor();
    expect(await page.getByText('There are no upcoming events yet.', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'Submit an Event' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);
    await screenshot(page, 'home-empty-phone');
    await expectNoA11yViolations(page);
  });
});

describe('with events', () => {
  const now = Date.now();
  beforeAll(async () => {
    const s = e2e.server.store;
    const samples = [
      {
        title: 'March for Gaza: Ceasefire Now',
        type: 'protest',
        city: 'London',
        country: 'United Kingdom',
        days: 2,
        verified: true,
        organizer: 'Palestine Solidarity Campaign',
      },
      {
        title: 'Film night: Farha',
        type: 'cultural',
        city: 'Paris',
        country: 'France',
        days: 1,
        organizer: 'Ciné Palestine',
      },
      {
        title: 'Teach-in: 75 years of the Nakba',
        type: 'educational',
        city: 'Chicago',
        country: 'United States',
        days: 3,
        timezone: 'America/Chicago',
      },
      {
        title: 'Online vigil for the children of Gaza',
        type: 'digital',
        city: 'Online',
        country: 'Worldwide',
        days: 4,
        timezone: 'UTC',
        verified: true,
      },
      {
        title: 'Dabke workshop and community dinner',
        type: 'cultural',
        city: 'Berlin',
        country: 'Germany',
        days: 5,
        timezone: 'Europe/Berlin',
      },
      {
        title: 'Rally at City Hall',
        type: 'protest',
        city: 'New York',
        country: 'United States',
        days: 6,
        timezone: 'America/New_York',
      },
      {
        title: 'Tatreez embroidery circle',
        type: 'cultural',
        city: 'Amman',
        country: 'Jordan',
        days: 7,
        timezone: 'Asia/Amman',
      },
      {
        title: 'Reading group: Ghassan Kanafani',
        type: 'educational',
        city: 'Toronto',
        country: 'Canada',
        days: 8,
        timezone: 'America/Toronto',
      },
      {
        title: 'Boycott, Divestment and Sanctions: a webinar',
        type: 'digital',
        city: 'Online',
        country: 'Worldwide',
        days: 9,
        timezone: 'UTC',
      },
      {
        title: 'Sit-in for Palestinian journalists',
        type: 'protest',
        city: 'Dublin',
        country: 'Ireland',
        days: 10,
        timezone: 'Europe/Dublin',
      },
      {
        title: 'Olive harvest photo exhibition',
        type: 'cultural',
        city: 'Ramallah',
        country: 'Palestine',
        days: 11,
        timezone: 'Asia/Hebron',
      },
      {
        title: 'Know your rights at protests',
        type: 'educational',
        city: 'Manchester',
        country: 'United Kingdom',
        days: 12,
      },
      {
        title: 'Poetry evening: Mahmoud Darwish',
        type: 'cultural',
        city: 'Cape Town',
        country: 'South Africa',
        days: 13,
        timezone: 'Africa/Johannesburg',
      },
      {
        title: 'Last year’s solidarity march',
        type: 'protest',
        city: 'Madrid',
        country: 'Spain',
        days: -30,
        timezone: 'Europe/Madrid',
      },
      {
        title: 'Past online panel on Gaza health care',
        type: 'digital',
        city: 'Online',
        country: 'Worldwide',
        days: -3,
        timezone: 'UTC',
      },
    ] as const;
    for (const e of samples) {
      await createEvent(s, {
        title: e.title,
        type: e.type,
        city: e.city,
        country: e.country,
        startsAt: now + e.days * DAY,
        timezone: 'timezone' in e ? e.timezone : 'Europe/London',
        verified: 'verified' in e ? e.verified : false,
        organizer: 'organizer' in e ? e.organizer : undefined,
        description:
          'Join us to stand with the Palestinian people. Bring banners, friends and water. Everyone is welcome; the route is accessible.',
      });
    }
    await createEvent(s, { title: 'Pending picnic', status: 'pending', startsAt: now + DAY });
  });

  it('lists upcoming events soonest first with the count, 12 per page', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'home-desktop'],
      [PHONE, 'home-phone'],
    ] as const) {
      const page = await e2e.newPage({ viewport });
      await page.goto('/');
      await page.locator('main li article').first().waitFor();
      expect(await heading(page)).toContain('Upcoming Events');
      expect(await page.getByTestId('event-count').textContent()).toContain('13');
      const titles = await cardTitles(page);
      expect(titles).toHaveLength(12);
      expect(titles[0]).toBe('Film night: Farha');
      expect(titles).not.toContain('Pending picnic');
      await screenshot(page, name);
      await expectNoA11yViolations(page);
    }
    expect(e2e.foreignRequests).toEqual([]);
  });
});
