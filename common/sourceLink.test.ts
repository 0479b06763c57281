import { describe, expect, it } from 'vitest';
import { eventInputSchema } from './schemas/events';
import { hasWebScheme, linkScheme, withDefaultScheme } from './sourceLink';

describe('withDefaultScheme', () => {
  it.each([
    ['example.org/teach-in', 'https://example.org/teach-in'],
    ['www.example.org', 'https://www.example.org'],
    ['example.org:8080/x', 'https://example.org:8080/x'],
    ['facebook.com/events/123?ref=a:b', 'https://facebook.com/events/123?ref=a:b'],
    ['مثال.إختبار/فعالية', 'https://مثال.إختبار/فعالية'],
  ])('gives %j a scheme: %j', (typed, link) => {
    expect(withDefaultScheme(typed)).toBe(link);
  });

  it.each([
    'https://example.org/a',
    'HTTP://example.org',
    'javascript:alert(1)',
    'mailto:someone@example.org',
    'ftp://example.org/file',
    '//example.org/protocol-relative',
    '/event/123',
    '../somewhere',
    '',
  ])('leaves %j as it is', (typed) => {
    expect(withDefaultScheme(typed)).toBe(typed);
  });
});

describe('linkScheme and hasWebScheme', () => {
  it('reads the scheme, and a host with a port as no scheme', () => {
    expect(linkScheme('HTTPS://example.org')).toBe('https');
    expect(linkScheme('JavaScript:alert(1)')).toBe('javascript');
    expect(linkScheme('localhost:3000')).toBeNull();
    expect(linkScheme('example.org/x')).toBeNull();
  });

  it('accepts http, https and no scheme; refuses any other', () => {
    expect(hasWebScheme('https://example.org')).toBe(true);
    expect(hasWebScheme('example.org')).toBe(true);
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'ftp://x.org']) {
      expect(hasWebScheme(link), link).toBe(false);
    }
  });
});

describe('the event schema reads source links the same way (form and server)', () => {
  const parse = (sourceLink: string) =>
    eventInputSchema.safeParse({
      title: 'Teach-in',
      description: 'About the Nakba',
      date: '2031-03-03',
      time: '17:00',
      timezone: 'Asia/Gaza',
      city: 'Gaza',
      country: 'Palestine',
      sourceLink,
    });
  const message = (sourceLink: string) => {
    const result = parse(sourceLink);
    return result.success ? null : result.error.issues.find((i) => i.path[0] === 'sourceLink')?.message;
  };

  it('stores a link typed without a scheme as https', () => {
    const result = parse('  example.org/teach-in ');
    expect(result.success && result.data.sourceLink).toBe('https://example.org/teach-in');
  });

  it('refuses another scheme with a message that says what to do, and nonsense as before', () => {
    expect(message('ftp://example.org/file')).toBe('The link must start with http:// or https://');
    expect(message('javascript:alert(1)')).toBe('The link must start with http:// or https://');
    expect(message('//example.org/x')).toBe('Please enter a valid URL');
    expect(message('not a url')).toBe('Please enter a valid URL');
    expect(message('localhost:3000')).toBe('Please enter a valid URL');
  });
});
