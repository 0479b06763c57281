import { describe, expect, it } from 'vitest';
import { actionForKey, isHelpKey, shortcutLetter } from './shortcuts';

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

describe('shortcutLetter', () => {
  it('is the letter typed on a Latin layout, and the key’s place in another script', () => {
    expect(shortcutLetter({ key: 'A', code: 'KeyA' })).toBe('a');
    // AZERTY: the key in Q's place types A, and is A.
    expect(shortcutLetter({ key: 'a', code: 'KeyQ' })).toBe('a');
    // Arabic: ش is on A's key, ر on V's, ق on R's; Urdu: ا on A's key.
    expect(shortcutLetter({ key: 'ش', code: 'KeyA' })).toBe('a');
    expect(shortcutLetter({ key: 'ر', code: 'KeyV' })).toBe('v');
    expect(shortcutLetter({ key: 'ق', code: 'KeyR' })).toBe('r');
    expect(shortcutLetter({ key: 'ا', code: 'KeyA' })).toBe('a');
    expect(actionForKey(['approve', 'reject'], shortcutLetter({ key: 'ق', code: 'KeyR' }))).toBe('reject');
    // Keys that are not letters stay what they are.
    expect(shortcutLetter({ key: 'ArrowDown', code: 'ArrowDown' })).toBe('arrowdown');
    expect(isHelpKey('?')).toBe(true);
    expect(isHelpKey('؟')).toBe(true);
    expect(isHelpKey('/')).toBe(false);
  });
});
