import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

const links = (text: string) => splitLinks(text).filter((piece) => piece.href);
const joined = (text: string) =>
  splitLinks(text)
    .map((piece) => piece.text)
    .join('');

describe('splitLinks', () => {
  it('makes http and https addresses links and keeps the rest as text', () => {
    expect(splitLinks('Details: https://example.org/teach-in and http://x.example/a?b=1#c, thanks')).toEqual([
      { text: 'Details: ' },
      { text: 'https://example.org/teach-in', href: 'https://example.org/teach-in' },
      { text: ' and ' },
      { text: 'http://x.example/a?b=1#c', href: 'http://x.example/a?b=1#c' },
      { text: ', thanks' },
    ]);
  });

  it('gives one text piece for text without addresses', () => {
    expect(splitLinks('Bring water and a sign.')).toEqual([{ text: 'Bring water and a sign.' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('never links other schemes or a scheme glued to a word', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'ftp://files.example.org/a',
      'mailto:someone@example.org',
      'xhttps://example.org',
      'https://',
      'https:///path-only',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(joined(text), text).toBe(text);
    }
  });

  it('does not link an address with a user@ part that disguises its host', () => {
    expect(links('https://facebook.com@evil.example/x')).toEqual([]);
  });

  it('stops at markup characters, so text stays text', () => {
    const text = 'https://example.org/"><script>alert(1)</script>';
    expect(links(text)).toEqual([{ text: 'https://example.org/', href: 'https://example.org/' }]);
    expect(joined(text)).toBe(text);
  });

  it('leaves sentence punctuation out of the address', () => {
    expect(links('See https://example.org/a.')[0]?.text).toBe('https://example.org/a');
    expect(links('Go to https://example.org/a, then…')[0]?.text).toBe('https://example.org/a');
    expect(links('Really? https://example.org/a?!')[0]?.text).toBe('https://example.org/a');
    expect(links('"https://example.org/q"')[0]?.text).toBe('https://example.org/q');
    expect(links('انظر https://example.org/ar،')[0]?.text).toBe('https://example.org/ar');
  });

  it('keeps brackets that belong to the address and drops the sentence’s own', () => {
    expect(links('(see https://example.org/a)')[0]?.text).toBe('https://example.org/a');
    expect(links('https://en.wikipedia.org/wiki/Nakba_(1948)')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Nakba_(1948)',
    );
    expect(links('(https://en.wikipedia.org/wiki/Nakba_(1948)).')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Nakba_(1948)',
    );
    expect(links('[https://example.org/x]')[0]?.text).toBe('https://example.org/x');
  });

  it('finds an address after non-Latin text and at line starts', () => {
    const text = 'التفاصيل:\nhttps://example.org/ar\nمرحبا';
    expect(links(text)).toEqual([{ text: 'https://example.org/ar', href: 'https://example.org/ar' }]);
    expect(joined(text)).toBe(text);
  });

  it('always joins back to the input', () => {
    const text = 'a https://a.example/(b)). c https://b.example/?q=1, d (http://c.example) e';
    expect(joined(text)).toBe(text);
    expect(links(text).map((piece) => piece.text)).toEqual([
      'https://a.example/(b)',
      'https://b.example/?q=1',
      'http://c.example',
    ]);
  });

  it('takes linear time on very long or hostile text', () => {
    const hostile = [
      `https://${'('.repeat(200_000)}`,
      `https://example.org/${')'.repeat(200_000)}`,
      `https://example.org/${'.'.repeat(200_000)}`,
      'https://'.repeat(50_000),
      `${'a'.repeat(100_000)}https://example.org`,
      'http://a.b '.repeat(20_000),
    ];
    const started = performance.now();
    for (const text of hostile) expect(joined(text)).toBe(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
