import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor';
import { AppError } from '../errors';
import {
  authorizeModeration,
  canModerate,
  MODERATION_ACTIONS,
  MODERATOR_REQUIRED,
  SIGN_IN_REQUIRED,
  stateConflict,
} from './moderation';

const user: Actor = {
  id: 'u',
  name: 'User',
  email: 'u@example.org',
  role: 'user',
  createdAt: 0,
  emailVerifiedAt: null,
  hasPassword: false,
};
const moderator: Actor = { ...user, id: 'm', role: 'moderator' };
const DAY = 24 * 3600 * 1000;
const now = new Date('2026-06-15T12:00:00Z');
const future = now.getTime() + DAY;
const past = now.getTime() - DAY;

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('moderation role policy', () => {
  for (const action of MODERATION_ACTIONS) {
    it(`${action}: visitors get 401, users 403, moderators pass`, () => {
      expect(canModerate(null, action)).toBe(false);
      expect(canModerate(user, action)).toBe(false);
      expect(canModerate(moderator, action)).toBe(true);

      const visitor = thrown(() => authorizeModeration(null, action));
      expect([visitor.statusCode, visitor.code, visitor.message]).toEqual([
        401,
        'unauthenticated',
        SIGN_IN_REQUIRED,
      ]);
      const signedIn = thrown(() => authorizeModeration(user, action));
      expect([signedIn.statusCode, signedIn.code, signedIn.message]).toEqual([
        403,
        'forbidden',
        MODERATOR_REQUIRED,
      ]);
      expect(authorizeModeration(moderator, action)).toBe(moderator);
    });
  }
});

describe('moderation state policy', () => {
  it('approve and reject apply to pending events only', () => {
    for (const action of ['approve', 'reject'] as const) {
      expect(stateConflict(action, { status: 'pending', over_at: future }, 0, now)).toBeNull();
      for (const status of ['approved', 'rejected', 'removed'] as const) {
        const problem = stateConflict(action, { status, over_at: future }, 0, now);
        expect(problem?.statusCode).toBe(409);
        expect(problem?.message).toContain(`already been ${status}`);
      }
    }
  });

  it('remove applies to approved events only, whatever their date', () => {
    expect(stateConflict('remove', { status: 'approved', over_at: future }, 0, now)).toBeNull();
    expect(stateConflict('remove', { status: 'approved', over_at: past }, 0, now)).toBeNull();
    expect(stateConflict('remove', { status: 'pending', over_at: future }, 0, now)?.statusCode).toBe(409);
    expect(stateConflict('remove', { status: 'removed', over_at: future }, 0, now)?.message).toContain(
      'already been removed',
    );
    expect(stateConflict('remove', { status: 'rejected', over_at: future }, 0, now)?.statusCode).toBe(409);
  });

  it('remove past event applies to approved events that are over (their end, or start plus 2 hours, passed)', () => {
    expect(stateConflict('removePast', { status: 'approved', over_at: past }, 0, now)).toBeNull();
    const early = stateConflict('removePast', { status: 'approved', over_at: future }, 0, now);
    expect([early?.statusCode, early?.code]).toEqual([409, 'event_not_past']);
    expect(stateConflict('removePast', { status: 'pending', over_at: past }, 0, now)?.code).toBe(
      'status_changed',
    );
  });

  it('dismiss needs at least one open report', () => {
    expect(stateConflict('dismissReports', { status: 'approved', over_at: future }, 2, now)).toBeNull();
    const none = stateConflict('dismissReports', { status: 'approved', over_at: future }, 0, now);
    expect([none?.statusCode, none?.code]).toEqual([409, 'no_open_reports']);
  });

  it('dismiss applies to approved events only, like remove', () => {
    for (const status of ['pending', 'rejected', 'removed'] as const) {
      const problem = stateConflict('dismissReports', { status, over_at: future }, 2, now);
      expect([problem?.statusCode, problem?.code]).toEqual([409, 'status_changed']);
    }
    expect(
      stateConflict('dismissReports', { status: 'removed', over_at: future }, 2, now)?.message,
    ).toContain('already been removed');
  });
});
