import { describe, expect, it } from 'vitest';
import { actionForKey } from './shortcuts';

describe('actionForKey', () => {
  it('runs only an action the selected event offers, whatever the case of the letter', () => {
    const pending = ['approve', 'approveVerify', 'reject'] as const;
    expect(actionForKey(pending, 'a')).toBe('approve');
    expect(actionForKey(pending, 'V')).toBe('approveVerify');
    expect(actionForKey(pending, 'r')).toBe('reject');
    // Remove and Dismiss are not Pending's.
    expect(actionForKey(pending, 'x')).toBeNull();
    expect(actionForKey(pending, 'd')).toBeNull();
    expect(actionForKey(['remove', 'dismiss'], 'x')).toBe('remove');
    expect(actionForKey(['remove', 'dismiss'], 'd')).toBe('dismiss');
    // A change: A accepts it, R rejects it.
    expect(actionForKey(['acceptChange', 'rejectChange'], 'a')).toBe('acceptChange');
    expect(actionForKey(['acceptChange', 'rejectChange'], 'r')).toBe('rejectChange');
    // All Events: X removes (past or not); Edit has no key.
    expect(actionForKey(['edit', 'verify', 'removePast'], 'x')).toBe('removePast');
    expect(actionForKey(['edit', 'verify', 'removeListed'], 'e')).toBeNull();
  });
});
