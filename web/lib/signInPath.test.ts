import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './signInPath';

describe('safeNextPath', () => {
  it('follows paths of this site, with their query', () => {
    expect(safeNextPath('/submit')).toBe('/submit');
    expect(safeNextPath('/event/AbCdEfGhIjKlMnOp?x=1#top')).toBe('/event/AbCdEfGhIjKlMnOp?x=1#top');
  });

  it('never leads to another site or back to sign-in', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ok\u0000',
      '/a\\b',
      '/auth',
      '/auth?next=/submit',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeNextPath(next)).toBeNull();
    }
  });
});

describe('signInPath', () => {
  it('carries where the person was, and nothing from home', () => {
    expect(signInPath({ pathname: '/submit', search: '' })).toBe('/auth?next=%2Fsubmit');
    expect(signInPath({ pathname: '/event/x', search: '?a=1' })).toBe('/auth?next=%2Fevent%2Fx%3Fa%3D1');
    expect(signInPath({ pathname: '/' })).toBe('/auth');
    expect(signInPath({ pathname: '/auth', search: '?next=%2Fsubmit' })).toBe('/auth');
  });
});
