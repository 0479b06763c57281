import { describe, expect, it } from 'vitest';
import { emailSchema, nameSchema } from './schemas/auth';
import { eventInputSchema } from './schemas/events';
import { rejectInputSchema } from './schemas/moderation';
import { hasRefusedCharacter, refusedCharacterMessage } from './text';

const validEvent = {
  title: 'Vigil',
  description: 'Bring candles.',
  date: '2031-01-01',
  time: '18:00',
  timezone: 'UTC',
  city: 'Leeds',
  country: 'UK',
  type: 'protest',
  sourceLink: 'https://example.org/vigil',
};

describe('refused characters (common/text.ts)', () => {
  it('refuses controls and bidi overrides on one line; lines keep tab, LF and CR', () => {
    for (const bad of [
      'a\nb',
      'a\rb',
      'a\u001b[2Jb',
      'a\u0085b',
      'a\u202Eb',
      'a\u2066b',
      'a\u0000b',
      'a\u007Fb',
    ]) {
      expect(hasRefusedCharacter(bad), JSON.stringify(bad)).toBe(true);
    }
    expect(hasRefusedCharacter('غزة \u200F Gaza 🇵🇸 café')).toBe(false);
    expect(hasRefusedCharacter('line one\r\nline two\tend', 'lines')).toBe(false);
    expect(hasRefusedCharacter('a\u001bb', 'lines')).toBe(true);
    expect(hasRefusedCharacter('a\u202Db', 'lines')).toBe(true);
  });

  it('every user-text field of the contract refuses them with a message naming the field', () => {
    const cases: [string, () => { success: boolean; error?: { issues: { message: string }[] } }][] = [
      ['Name', () => nameSchema.safeParse('Ann\nmoderator')],
      ['Email', () => emailSchema.safeParse('a\u202E@example.org')],
      ['Event title', () => eventInputSchema.safeParse({ ...validEvent, title: 'Vigil\u001b[8m' })],
      ['Event description', () => eventInputSchema.safeParse({ ...validEvent, description: 'x\u0007' })],
      ['City', () => eventInputSchema.safeParse({ ...validEvent, city: 'Lee\rds' })],
      ['Country', () => eventInputSchema.safeParse({ ...validEvent, country: 'U\u202EK' })],
      ['Organizer', () => eventInputSchema.safeParse({ ...validEvent, organizer: 'Us\u2067' })],
      ['Reason', () => rejectInputSchema.safeParse({ reason: 'no\u0008' })],
    ];
    for (const [label, parse] of cases) {
      const result = parse();
      expect(result.success, label).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(refusedCharacterMessage(label));
    }
    expect(eventInputSchema.safeParse({ ...validEvent, description: 'one\r\ntwo\tthree' }).success).toBe(
      true,
    );
  });
});

describe('email shape', () => {
  it('keeps its rule: something, an @, dot-separated labels', () => {
    for (const good of ['a@b.co', 'first.last+tag@mail.example.org', 'ü@exämple.de']) {
      expect(emailSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of ['a@b', 'a@@b.c', 'a b@c.d', '@b.c', 'a@b.', 'a@.b', 'a@b..c']) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('takes time in proportion to the length of a hostile address, and stops at the length check', () => {
    const hostile = [`a@${'.'.repeat(60_000)}@`, `a@${'a.'.repeat(30_000)}@`, `${'a'.repeat(60_000)}@x`];
    for (const email of hostile) {
      const started = performance.now();
      expect(emailSchema.safeParse(email).success).toBe(false);
      expect(performance.now() - started, email.slice(0, 10)).toBeLessThan(50);
    }
    // The pattern itself is linear too, for text under the limit.
    const started = performance.now();
    for (let i = 0; i < 100; i++) emailSchema.safeParse(`a@${'.'.repeat(240)}@`);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
