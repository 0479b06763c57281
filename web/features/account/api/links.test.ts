import { describe, expect, it } from 'vitest';
import { tokenFromHash } from './links';

describe('tokenFromHash', () => {
  it('reads the token of an emailed link, and nothing else', () => {
    const token = 'abcDEF0123456789_-abcDEF0123456789_-abcDEF0';
    expect(tokenFromHash(`#token=${token}`)).toBe(token);
    expect(tokenFromHash(`#other=1&token=${token}`)).toBe(token);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=short')).toBeNull();
    expect(tokenFromHash(`#token=${token}x`)).toBeNull();
    expect(tokenFromHash(`#token=${token.slice(0, 42)}%`)).toBeNull();
  });
});
