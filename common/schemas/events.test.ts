import { describe, expect, it } from 'vitest';
import { listEventsQuerySchema } from './events';

describe('listEventsQuerySchema', () => {
  it('defaults to upcoming events of every type, first page', () => {
    expect(listEventsQuerySchema.parse({})).toEqual({
      search: '',
      location: '',
      type: 'all',
      when: 'upcoming',
      page: 1,
      pageSize: 12,
    });
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
    [{ search: ['a', 'b'] }, 'Invalid input'],
  ])('refuses %j', (query, message) => {
    const result = listEventsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
