import { describe, expect, it } from 'vitest';
import type { EventDto } from '../../../../common/schemas/events';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import { actionsFor } from './ModerationCard';

const NOW = new Date('2031-03-01T12:00:00.000Z');

function event(overrides: Partial<EventDto> = {}): EventDto {
  return {
    id: 'evt1',
    title: 'Vigil',
    description: 'A vigil.',
    date: '2031-03-08T17:00:00.000Z',
    timezone: 'Europe/London',
    location: { city: 'London', country: 'United Kingdom' },
    attendance: 'in_person',
    placeRule: { visibility: 'everyone' },
    placeWithheld: false,
    schedule: 'scheduled',
    type: 'protest',
    sourceLink: 'https://example.org',
    status: 'approved',
    verified: false,
    createdAt: '2031-02-01T12:00:00.000Z',
    submittedByViewer: false,
    can: { report: true, moderate: true, edit: true, withdraw: false, schedule: true },
    version: 3,
    ...overrides,
  };
}

const listed = (overrides: Partial<EventDto> = {}): ModerationItem => ({
  event: event(overrides),
  category: 'approved',
  reports: [],
});

describe('actionsFor, in All Events', () => {
  it('offers Edit, the mark, Postpone and Cancel Event, and Remove Event for a scheduled event', () => {
    expect(actionsFor(listed(), NOW)).toEqual(['edit', 'verify', 'postpone', 'cancelEvent', 'removeListed']);
  });

  it('offers going ahead after all for a cancelled or postponed one', () => {
    expect(actionsFor(listed({ schedule: 'cancelled', verified: true }), NOW)).toEqual([
      'edit',
      'unverify',
      'reinstate',
      'removeListed',
    ]);
    expect(actionsFor(listed({ schedule: 'postponed' }), NOW)).toContain('reinstate');
  });

  it('offers Remove Past Event once the event is over', () => {
    expect(actionsFor(listed({ date: '2031-02-20T17:00:00.000Z' }), NOW).at(-1)).toBe('removePast');
  });

  it('offers only what the server permits', () => {
    const can = { report: true, moderate: true, edit: false, withdraw: false, schedule: false };
    expect(actionsFor(listed({ can }), NOW)).toEqual(['verify', 'removeListed']);
  });

  it('leaves the other tabs as they were', () => {
    expect(actionsFor({ ...listed(), category: 'pending' }, NOW)).toEqual([
      'approve',
      'approveVerify',
      'reject',
    ]);
    expect(actionsFor({ ...listed(), category: 'reported' }, NOW)).toEqual(['remove', 'dismiss']);
  });
});
