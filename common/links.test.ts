import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './links';

describe('isHttpUrl', () => {
  it('accepts absolute http and https addresses, in any case', () => {
    expect(isHttpUrl('https://example.org/event?id=1')).toBe(true);
    expect(isHttpUrl('HTTP://example.org')).toBe(true);
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
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });
});

describe('isHttpUrl, what the server refuses as a source link', () => {
  it('accepts absolute http and https links', () => {
    expect(isHttpUrl('https://example.org/events/1')).toBe(true);
    expect(isHttpUrl('http://example.org')).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '/relative/path',
    'example.org',
    'https://',
    'ftp://example.org',
    '',
  ])('refuses %s', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
});
