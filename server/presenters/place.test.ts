import { describe, expect, it } from 'vitest';
import type { EventRow } from '../store/schema';
import { withheldNotice } from './place';

const row = (fields: Partial<EventRow>) =>
  ({
    attendance: 'in_person',
    place_visibility: 'signed_in',
    place_hours_before: null,
    ...fields,
  }) as EventRow;

describe('what a withheld place says in feeds, calendar files and the embed (as on the event page)', () => {
  it('names what is withheld: the location, the link to join, or both', () => {
    expect(withheldNotice(row({}))).toBe('Sign in to see the exact location');
    expect(withheldNotice(row({ attendance: 'online' }))).toBe('Sign in to see the link to join');
    expect(withheldNotice(row({ attendance: 'both' }))).toBe(
      'Sign in to see the exact location and the link to join',
    );
    const hours = { place_visibility: 'hours_before', place_hours_before: 3 } as const;
    expect(withheldNotice(row({ ...hours, attendance: 'both' }))).toBe(
      'Exact location and link to join shared 3 hours before the start',
    );
    expect(withheldNotice(row({ ...hours, attendance: 'both' }), 'fr')).not.toBe(
      withheldNotice(row({ ...hours, attendance: 'both' })),
    );
  });
});
