import { describe, expect, it } from 'vitest';
import { type CalendarEntryWords, type CalendarEvent, feedLinks, googleCalendarUrl } from './links';

const ENGLISH: CalendarEntryWords = {
  organizedBy: (organizer) => `Organized by: ${organizer}`,
  eventPage: (url) => `Event page: ${url}`,
  joinLink: (url) => `Link to join: ${url}`,
  online: 'Online',
};
const FRENCH: CalendarEntryWords = {
  organizedBy: (organizer) => `Organisé par : ${organizer}`,
  eventPage: (url) => `Page de l’événement : ${url}`,
  joinLink: (url) => `Lien pour participer : ${url}`,
  online: 'En ligne',
};

const event: CalendarEvent = {
  id: 'AbCdEfGhIjKlMnOp',
  title: 'March & rally: Gaza',
  description: 'Meet at noon.',
  // 10:00 in London on the day British Summer Time starts.
  date: '2027-03-28T09:00:00.000Z',
  timezone: 'Europe/London',
  location: { city: 'London', country: 'United Kingdom' },
  attendance: 'in_person',
  organizer: 'PSC',
};

describe('Google Calendar link', () => {
  it('pre-fills title, UTC start and a 2-hour end, place, zone and a link back', () => {
    const url = new URL(googleCalendarUrl(event, 'https://cal.example.org', ENGLISH));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('March & rally: Gaza');
    expect(url.searchParams.get('dates')).toBe('20270328T090000Z/20270328T110000Z');
    expect(url.searchParams.get('ctz')).toBe('Europe/London');
    expect(url.searchParams.get('location')).toBe('London, United Kingdom');
    expect(url.searchParams.get('details')).toContain(
      'Event page: https://cal.example.org/event/AbCdEfGhIjKlMnOp',
    );
    expect(url.searchParams.get('details')).toContain('Organized by: PSC');
  });

  it('ends when the event ends, at its venue and address, in the page’s language', () => {
    const url = new URL(
      googleCalendarUrl(
        {
          ...event,
          endDate: '2027-03-29T16:00:00.000Z',
          venue: 'Place de la République',
          address: '1 place de la République',
          location: { city: 'Paris', country: 'France' },
          attendance: 'both',
          joinUrl: 'https://example.org/live',
        },
        'https://cal.example.org',
        FRENCH,
      ),
    );
    expect(url.searchParams.get('dates')).toBe('20270328T090000Z/20270329T160000Z');
    expect(url.searchParams.get('location')).toBe(
      'Place de la République, 1 place de la République, Paris, France',
    );
    const details = url.searchParams.get('details');
    expect(details).toContain('Lien pour participer : https://example.org/live');
    expect(details).toContain('Organisé par : PSC');
    expect(details).toContain('Page de l’événement : https://cal.example.org/event/AbCdEfGhIjKlMnOp');
    expect(details).not.toMatch(/Organized|Event page/);
  });

  it('says "Online" for an online event, never an empty place', () => {
    const url = new URL(
      googleCalendarUrl(
        { ...event, attendance: 'online', location: { city: '', country: '' } },
        'https://cal.example.org',
        FRENCH,
      ),
    );
    expect(url.searchParams.get('location')).toBe('En ligne');
  });

  it('keeps long descriptions from making the link too long', () => {
    const url = googleCalendarUrl(
      { ...event, description: 'x'.repeat(5000) },
      'https://cal.example.org',
      ENGLISH,
    );
    expect(url.length).toBeLessThan(2000);
  });
});

describe('feed links', () => {
  it('carries the filters into every address, with a webcal: variant and an escaped snippet', () => {
    const links = feedLinks(
      'https://cal.example.org',
      { type: 'protest', location: ' London ', search: '' },
      { limit: 5, frameTitle: 'Events "here" & <there>' },
    );
    expect(
      feedLinks(
        'https://cal.example.org',
        { type: 'all', location: '', search: '' },
        { theme: 'dark', frameTitle: 'x' },
      ).embed,
    ).toBe('https://cal.example.org/embed?theme=dark');
    expect(links.calendar).toBe('https://cal.example.org/calendar.ics?type=protest&location=London');
    expect(links.webcal).toBe('webcal://cal.example.org/calendar.ics?type=protest&location=London');
    expect(links.rss).toBe('https://cal.example.org/feed.xml?type=protest&location=London');
    expect(links.embed).toBe('https://cal.example.org/embed?type=protest&location=London&limit=5');
    expect(links.snippet).toBe(
      '<iframe src="https://cal.example.org/embed?type=protest&amp;location=London&amp;limit=5" title="Events &quot;here&quot; &amp; &lt;there>" width="100%" height="600" style="border:0;max-width:100%" loading="lazy"></iframe>\n' +
        '<script src="https://cal.example.org/embed.js" async></script>',
    );
    expect(new URL(links.googleSubscribe).searchParams.get('cid')).toBe(links.webcal);
  });

  it('keeps a language other than English in every address, so calendar apps and feed readers keep it', () => {
    const links = feedLinks(
      'https://cal.example.org',
      { type: 'protest', location: 'Paris', search: '' },
      { limit: 20, theme: 'dark', frameTitle: 'x', language: 'fr' },
    );
    expect(links.calendar).toBe('https://cal.example.org/calendar.ics?type=protest&location=Paris&lang=fr');
    expect(links.webcal).toBe('webcal://cal.example.org/calendar.ics?type=protest&location=Paris&lang=fr');
    expect(links.rss).toBe('https://cal.example.org/feed.xml?type=protest&location=Paris&lang=fr');
    expect(links.embed).toBe(
      'https://cal.example.org/embed?type=protest&location=Paris&limit=20&theme=dark&lang=fr',
    );
    expect(new URL(links.googleSubscribe).searchParams.get('cid')).toBe(links.webcal);
    const unfiltered = feedLinks(
      'https://cal.example.org',
      { type: 'all', location: '', search: '' },
      {
        frameTitle: 'x',
        language: 'ar',
      },
    );
    expect(unfiltered.calendar).toBe('https://cal.example.org/calendar.ics?lang=ar');
    expect(unfiltered.embed).toBe('https://cal.example.org/embed?lang=ar');
    // English, the default, adds nothing: addresses handed out before stay the same.
    expect(
      feedLinks(
        'https://cal.example.org',
        { type: 'all', location: '', search: '' },
        {
          frameTitle: 'x',
          language: 'en',
        },
      ).rss,
    ).toBe('https://cal.example.org/feed.xml');
  });

  it('leaves defaults out', () => {
    const links = feedLinks(
      'http://localhost:3000',
      { type: 'all', location: '', search: '' },
      { frameTitle: 'x' },
    );
    expect(links.calendar).toBe('http://localhost:3000/calendar.ics');
    expect(links.embed).toBe('http://localhost:3000/embed');
  });
});
