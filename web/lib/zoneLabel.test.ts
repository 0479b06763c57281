import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index';
import { zoneLabel } from './zoneLabel';

describe('zoneLabel', () => {
  it('reads "Cape Town time (GMT+2)" for a place, and the offset alone otherwise', () => {
    expect(zoneLabel(i18n.t, { place: 'Cape Town', offset: 'GMT+2' })).toBe('Cape Town time (GMT+2)');
    expect(zoneLabel(i18n.t, { place: 'Los Angeles', offset: 'PST' })).toBe('Los Angeles time (PST)');
    expect(zoneLabel(i18n.t, { place: null, offset: 'UTC' })).toBe('UTC');
    expect(zoneLabel(i18n.t, { place: null, offset: 'PST' })).not.toContain('time');
  });
});
