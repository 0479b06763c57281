// Every message a form or the API can show from the shared schemas carries a code, so it is said in the
// reader's language (docs/PRODUCT.md#messages): no input, however odd, gets one of zod's own English
// sentences. Each field of a valid input is replaced in turn by hostile values of every shape.
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { refOf } from '../i18n/messages';
import { forgotPasswordSchema, resetPasswordSchema } from './account';
import { changeNameSchema, changePasswordSchema } from './accountSettings';
import { signInFormSchema, signInSchema, signUpSchema } from './auth';
import { eventInputSchema, listEventsQuerySchema } from './events';
import {
  acceptChangeInputSchema,
  approveInputSchema,
  moderationListQuerySchema,
  rejectChangeInputSchema,
  rejectInputSchema,
  removeInputSchema,
  verifyInputSchema,
} from './moderation';
import { reportInputSchema } from './reports';

const ODD_VALUES: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  true,
  {},
  [],
  ['a'],
  '',
  ' ',
  'x'.repeat(20_000),
  'a\u202Eb',
  'a\u0000b',
  '\uD800',
  'not-a-date',
  '2026-02-30',
  '25:99',
  'Mars/Olympus_Mons',
  'javascript:alert(1)',
  'https://user@evil.example',
  'zzz',
];

const FORMS: [string, ZodType, Record<string, unknown>][] = [
  [
    'the event form',
    eventInputSchema,
    {
      title: 'March for Gaza',
      description: 'A peaceful march.',
      date: '2031-05-17',
      time: '14:30',
      endDate: '2031-05-17',
      endTime: '16:30',
      timezone: 'Europe/London',
      attendance: 'both',
      city: 'London',
      country: 'United Kingdom',
      venue: 'Parliament Square',
      address: 'Westminster',
      joinUrl: 'https://example.org/live',
      placeVisibility: 'hours_before',
      placeHoursBefore: '3',
      accessibility: 'Step-free',
      type: 'protest',
      sourceLink: 'https://example.org/march',
      organizer: 'PSC',
    },
  ],
  ['sign-up', signUpSchema, { name: 'Nour', email: 'nour@example.org', password: 'zaatar-and-oil' }],
  ['sign-in', signInSchema, { email: 'nour@example.org', password: 'zaatar-and-oil' }],
  ['the sign-in form', signInFormSchema, { email: 'nour@example.org', password: 'zaatar-and-oil' }],
  ['forgotten password', forgotPasswordSchema, { email: 'nour@example.org' }],
  ['reset password', resetPasswordSchema, { token: 'a'.repeat(43), password: 'zaatar-and-oil' }],
  ['change of name', changeNameSchema, { name: 'Nour' }],
  ['change of password', changePasswordSchema, { currentPassword: 'old-one', newPassword: 'zaatar-and-oil' }],
  ['a report', reportInputSchema, { reason: 'spam' }],
  ['approval', approveInputSchema, { verified: true }],
  ['rejection', rejectInputSchema, { reason: 'Not about Palestine' }],
  ['removal', removeInputSchema, { pastEvent: false, reason: 'Duplicate' }],
  ['verification', verifyInputSchema, { verified: true, version: 1 }],
  ['accepting a change', acceptChangeInputSchema, { version: 1 }],
  ['rejecting a change', rejectChangeInputSchema, { reason: 'No source', version: 1 }],
  [
    'the list’s query',
    listEventsQuerySchema,
    {
      search: 'gaza march',
      location: 'UK',
      type: 'protest',
      when: 'upcoming',
      period: 'week',
      from: '2031-05-01',
      to: '2031-05-31',
      online: '1',
      tz: 'Europe/London',
      page: '2',
    },
  ],
  ['the moderation queue’s query', moderationListQuerySchema, { tab: 'pending', search: 'gaza', page: '1' }],
];

describe.each(FORMS)('%s', (_name, schema, valid) => {
  it('accepts its valid input', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('refuses odd values of every field with coded messages only', () => {
    const uncoded = new Set<string>();
    for (const field of Object.keys(valid)) {
      for (const value of ODD_VALUES) {
        const result = schema.safeParse({ ...valid, [field]: value });
        if (result.success) continue;
        for (const issue of result.error.issues) {
          if (!refOf(issue.message))
            uncoded.add(`${field}=${JSON.stringify(value)?.slice(0, 20)}: ${issue.message}`);
        }
      }
    }
    for (const body of [null, 'text', 42, []]) {
      const result = schema.safeParse(body);
      for (const issue of result.success ? [] : result.error.issues)
        if (!refOf(issue.message)) uncoded.add(`body ${JSON.stringify(body)}: ${issue.message}`);
    }
    expect([...uncoded]).toEqual([]);
  });
});
