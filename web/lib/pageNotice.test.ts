import { describe, expect, it } from 'vitest';
import { pageNoticeOf, pageNoticeState } from './pageNotice';

describe('pageNoticeOf', () => {
  it('reads a known notice from the router state, and nothing else', () => {
    expect(pageNoticeOf(pageNoticeState('accountDeleted'))).toBe('accountDeleted');
    expect(pageNoticeOf({ pageNotice: 'signedOutEverywhere', backTo: '/' })).toBe('signedOutEverywhere');
    for (const state of [
      null,
      undefined,
      {},
      { pageNotice: 'hacked' },
      { pageNotice: 1 },
      'accountDeleted',
    ]) {
      expect(pageNoticeOf(state)).toBeNull();
    }
  });
});
