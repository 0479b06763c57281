import { describe, expect, it } from 'vitest';
import { eventInputSchema, listEventsQuerySchema } from './events';

describe('listEventsQuerySchema', () => {
  it('defaults to upcoming events of every type, first page', () => {
    expect(listEventsQuerySchema.parse({})).toEqual({
      search: '',
      location: '',
      near: '',
      km: 25,
      type: 'all',
      when: 'upcoming',
      period: 'any',
      from: '',
      to: '',
      online: false,
      tz: '',
      page: 1,
      pageSize: 12,
    });
  });

  it('reads a city and a distance, and refuses any other distance', () => {
    expect(listEventsQuerySchema.parse({ near: ' Leeds ', km: '100' })).toMatchObject({
      near: 'Leeds',
      km: 100,
    });
    for (const km of ['7', '25.0', '1e2', '', 'far'])
      expect(listEventsQuerySchema.safeParse({ km }).success).toBe(false);
    expect(listEventsQuerySchema.safeParse({ near: 'x'.repeat(101) }).success).toBe(false);
  });

  it('trims text filters and reads numbers from the URL', () => {
    expect(
      listEventsQuerySchema.parse({
        search: '  gaza ',
        location: ' London',
        type: 'cultural',
        when: 'past',
        page: '3',
      }),
    ).toMatchObject({ search: 'gaza', location: 'London', type: 'cultural', when: 'past', page: 3 });
  });

  it.each([
    [{ type: 'party' }, 'type must be one of'],
    [{ when: 'later' }, 'when must be'],
    [{ page: '-1' }, 'page must be a whole number'],
    [{ page: '1.5' }, 'page must be a whole number'],
    [{ pageSize: '0' }, 'pageSize must be at least 1'],
    [{ search: ['a', 'b'] }, 'search must be text, given once'],
    [{ period: 'tomorrow' }, 'period must be one of: any, today, weekend, week, month'],
    [{ from: '2026-02-30' }, 'from must be a date such as 2026-11-28'],
    [{ to: 'soon' }, 'to must be a date such as 2026-11-28'],
    [{ from: '2026-01-01', to: '2028-01-01' }, 'A range of days can span at most 366 days'],
    [{ online: 'yes' }, 'online must be 1 or 0'],
    [{ tz: 'EST' }, 'tz must be a time zone such as Europe/London'],
  ])('refuses %j', (query, message) => {
    const result = listEventsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});

describe('eventInputSchema', () => {
  const valid = {
    title: 'Vigil',
    description: 'Candles.',
    date: '2031-05-17',
    time: '18:00',
    timezone: 'Europe/London',
    city: 'Leeds',
    country: 'United Kingdom',
    type: 'protest',
    sourceLink: 'https://example.org/vigil',
  };
  const messages = (input: Record<string, unknown>) => {
    const result = eventInputSchema.safeParse(input);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('says every problem at once: a link of another scheme does not hide the end before the start', () => {
    for (const field of ['sourceLink', 'joinUrl']) {
      const input = {
        ...valid,
        attendance: 'both',
        joinUrl: 'https://meet.example.org/x',
        endTime: '17:00',
      };
      expect(messages({ ...input, [field]: 'ftp://example.org/x' })).toEqual([
        `${field}: The link must start with http:// or https://`,
        'endTime: The event must end after it starts',
      ]);
    }
  });

  it('refuses an end date before the start date whether or not an end time is given (never drops it)', () => {
    for (const endTime of ['', '20:00']) {
      expect(messages({ ...valid, endDate: '2031-05-10', endTime })).toEqual([
        `${endTime ? 'endTime' : 'endDate'}: The event must end after it starts`,
      ]);
    }
    // The start's own day without an end time is no end; a later one lasts until that day is over.
    expect(messages({ ...valid, endDate: valid.date })).toEqual([]);
    expect(messages({ ...valid, endDate: '2031-05-18' })).toEqual([]);
  });
});
