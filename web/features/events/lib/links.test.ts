import { describe, expect, it } from 'vitest';
import { isHttpLink } from './links';

describe('isHttpLink', () => {
  it('accepts absolute http and https addresses', () => {
    expect(isHttpLink('https://example.org/event?id=1')).toBe(true);
    expect(isHttpLink('HTTP://example.org')).toBe(true);
  });

  it('refuses script, data, relative and malformed links', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '/event/1',
      '//example.org',
      'https://',
      'ftp://x.org',
    ]) {
      expect(isHttpLink(bad), bad).toBe(false);
    }
  });
});
