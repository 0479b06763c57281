import { describe, expect, it } from 'vitest';
import { joinPlace } from './placeText';

describe('joinPlace', () => {
  it('joins with the comma of the place’s own script, leaving out what is missing', () => {
    expect(joinPlace(['London', 'United Kingdom'])).toBe('London, United Kingdom');
    expect(joinPlace(['غزة', 'فلسطين'])).toBe('غزة، فلسطين');
    expect(joinPlace(['لاہور', 'پاکستان'])).toBe('لاہور، پاکستان');
    // One part in Arabic script is enough: the line reads in it.
    expect(joinPlace(['قاعة الشعب', 'Gaza', null])).toBe('قاعة الشعب، Gaza');
    expect(joinPlace([undefined, 'Paris', '', 'France'])).toBe('Paris, France');
    expect(joinPlace([null, undefined])).toBe('');
  });
});
