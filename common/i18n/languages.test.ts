import { describe, expect, it } from 'vitest';
import { chooseLanguage, directionOf, localeOf, negotiateLanguage, withLanguage } from './languages';

describe('negotiateLanguage (Accept-Language)', () => {
  it('takes the best-rated language the app speaks, a region matching its language', () => {
    expect(negotiateLanguage('ar-EG,ar;q=0.9,en;q=0.5')).toBe('ar');
    expect(negotiateLanguage('nl-NL, nl;q=0.9, fr;q=0.8, en;q=0.7')).toBe('fr');
    expect(negotiateLanguage('en;q=0.4, es;q=0.6')).toBe('es');
    expect(negotiateLanguage('PT-br')).toBe('pt');
  });

  it('is null for nothing it speaks, q=0, an absent or malformed header', () => {
    expect(negotiateLanguage('nl, ja;q=0.8')).toBeNull();
    expect(negotiateLanguage('fr;q=0')).toBeNull();
    expect(negotiateLanguage(undefined)).toBeNull();
    expect(negotiateLanguage(';;;,,,q=')).toBeNull();
  });

  it('reads a hostile header in bounded time', () => {
    const started = performance.now();
    expect(negotiateLanguage(`${'x-y;q=0.5,'.repeat(100_000)}ar`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('chooseLanguage', () => {
  it('prefers ?lang=, then the cookie, then the browser, then English', () => {
    expect(chooseLanguage({ query: 'ur', cookie: 'fr', acceptLanguage: 'de' })).toBe('ur');
    expect(chooseLanguage({ query: 'xx', cookie: 'fr', acceptLanguage: 'de' })).toBe('fr');
    expect(chooseLanguage({ cookie: 'zz', acceptLanguage: 'de-AT' })).toBe('de');
    expect(chooseLanguage({})).toBe('en');
  });
});

it('writes Arabic and Urdu right to left, and formats English as the spec does', () => {
  expect(directionOf('ar')).toBe('rtl');
  expect(directionOf('ur')).toBe('rtl');
  expect(directionOf('fr')).toBe('ltr');
  expect(localeOf('en')).toBe('en-US');
  expect(localeOf('ar')).toBe('ar');
});

it('puts a language into an address, keeping its other parameters', () => {
  expect(withLanguage('/', 'ar')).toBe('/?lang=ar');
  expect(withLanguage('/?type=protest&lang=fr&page=2', 'es')).toBe('/?type=protest&page=2&lang=es');
  expect(withLanguage('/event/abc?lang=fr', null)).toBe('/event/abc');
  expect(withLanguage('/?language=x', null)).toBe('/?language=x');
});
