import { describe, expect, it } from 'vitest';
import { feedFilters } from '../../common/filters';
import type { EventRow } from '../store/schema';
import { renderEmbedPage } from './embedPage';

// Only the columns the embed page reads.
const row = {
  id: 'AAAAAAAAAAAAAAAA',
  title: 'وقفة تضامنية مع غزة',
  starts_at: Date.parse('2031-03-03T15:00:00Z'),
  timezone: 'Asia/Beirut',
  city: 'بيروت',
  country: 'لبنان',
  type: 'protest',
  organizer: 'حملة المقاطعة',
  verified: 0,
  schedule: 'scheduled',
  attendance: 'in_person',
} as EventRow;

describe('embed page', () => {
  it('isolates people’s text with dir="auto" (docs/PRODUCT.md#text-people-write)', () => {
    const html = renderEmbedPage({
      siteTitle: 'Palestine Solidarity Calendar',
      publicUrl: 'https://calendar.example',
      filters: feedFilters({}),
      rows: [row],
    });
    expect(html).toContain('<h2 class="title" dir="auto"><a ');
    expect(html).toContain('<span dir="auto">بيروت، لبنان</span>');
    expect(html).toContain('· by <span dir="auto">حملة المقاطعة</span>');
  });
});

describe('a date of a recurring event', () => {
  it('says how it repeats, in the page’s language (docs/PRODUCT.md#recurring-events)', () => {
    const occurrence = {
      ...row,
      series_id: 'BBBBBBBBBBBBBBBB',
      series_position: 1,
      series_moved: 0,
      series_rule: JSON.stringify({
        rule: { freq: 'weekly', weekdays: ['FR'], count: 6 },
        first: '2031-03-07',
        total: 6,
      }),
    } as EventRow;
    const page = (language: 'en' | 'fr') =>
      renderEmbedPage({
        siteTitle: 'Palestine Solidarity Calendar',
        publicUrl: 'https://calendar.example',
        filters: feedFilters({}),
        rows: [occurrence, row],
        language,
      });
    expect(page('en')).toContain('<p class="repeats">Repeats every Friday</p>');
    expect(page('fr')).toContain('<p class="repeats">Chaque vendredi</p>');
    expect(page('en').match(/class="repeats"/g)).toHaveLength(1);
  });
});
