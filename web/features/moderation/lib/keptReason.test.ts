import { afterEach, describe, expect, it } from 'vitest';
import { forgetReason, keepReason, keptReason, takeKeptReason } from './keptReason';

const draft = { userId: 'u1', eventId: 'e1', title: 'Vigil', action: 'reject' as const, reason: 'Duplicate' };

afterEach(forgetReason);

describe('a reason kept across a lost session', () => {
  it('is handed back once, for the same person, event and action', () => {
    keepReason(draft);
    expect(takeKeptReason('u1', 'e1', 'reject')).toBe('Duplicate');
    expect(takeKeptReason('u1', 'e1', 'reject')).toBeNull();
    expect(keptReason()).toBeNull();
  });

  it('is not handed to someone else, nor for another event or action, and stays kept meanwhile', () => {
    keepReason(draft);
    expect(takeKeptReason('u2', 'e1', 'reject')).toBeNull();
    expect(takeKeptReason('u1', 'e2', 'reject')).toBeNull();
    expect(takeKeptReason('u1', 'e1', 'remove')).toBeNull();
    expect(keptReason()?.title).toBe('Vigil');
  });
});
