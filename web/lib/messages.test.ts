import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../common/i18n/messages';
import { signUpSchema } from '../../common/schemas/auth';
import arabic from '../locales/ar/messages.json';
import auth from '../locales/en/auth.json';
import french from '../locales/fr/messages.json';
import { ApiRequestError } from './api';
import { apiErrorText, apiFieldTexts, issueTexts, messageText } from './errorTexts';

// As in the browser: English has no messages catalog (every message carries its English words), the
// other languages have theirs.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['auth', 'messages'],
    resources: { en: { auth }, ar: { messages: arabic }, fr: { messages: french } },
    interpolation: { escapeValue: false },
  });
});
const tIn = (language: string) => i18n.getFixedT(language, 'auth');

describe('the web app says messages in the page’s language (docs/PRODUCT.md#messages)', () => {
  it('a message of the contract, with the field’s name in that language', () => {
    const tooLong = msg('field.tooLong', { label: 'eventTitle', max: 200 });
    expect(messageText(tooLong, tIn('en'))).toBe('Event title must be at most 200 characters');
    expect(messageText(tooLong, tIn('ar'))).toBe('يجب ألا يزيد عدد أحرف حقل «عنوان الفعالية» على 200');
    expect(messageText(tooLong, tIn('fr'))).toBe(
      'Le champ «\u00a0Titre de l’événement\u00a0» ne doit pas dépasser 200 caractères',
    );
    expect(messageText('Invalid input: expected string', tIn('fr'))).toBe('Invalid input: expected string');
  });

  it('the form’s own check: each field’s first message', () => {
    const parsed = signUpSchema.safeParse({ name: ' ', email: 'not-an-email', password: '12' });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues ?? [];
    expect(issueTexts(issues, tIn('en'))).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    expect(issueTexts(issues, tIn('fr'))).toEqual({
      name: 'Le nom est obligatoire',
      email: 'Veuillez saisir une adresse e-mail valide',
      password: 'Le mot de passe doit comporter au moins 6 caractères',
    });
  });

  it('a refusal from the server by its codes, or in its own words without them', () => {
    const refused = new ApiRequestError(
      400,
      'validation_failed',
      'Event title must be at most 200 characters',
      { title: 'Event title must be at most 200 characters', other: 'Something else' },
      { code: 'field.tooLong', params: { label: 'eventTitle', max: 200 } },
      { title: { code: 'field.tooLong', params: { label: 'eventTitle', max: 200 } } },
    );
    expect(apiErrorText(refused, tIn('ar'))).toBe('يجب ألا يزيد عدد أحرف حقل «عنوان الفعالية» على 200');
    expect(apiFieldTexts(refused, tIn('fr'))).toEqual({
      title: 'Le champ «\u00a0Titre de l’événement\u00a0» ne doit pas dépasser 200 caractères',
      other: 'Something else',
    });
    expect(apiErrorText(refused, tIn('en'))).toBe('Event title must be at most 200 characters');
    const limited = new ApiRequestError(429, 'rate_limited', 'Zu viele Versuche.', undefined, {
      code: 'rateLimited',
    });
    expect(apiErrorText(limited, tIn('fr'))).toBe(
      'Trop de tentatives. Veuillez patienter un instant, puis réessayer.',
    );
    // A language whose catalog is not there yet: the server's own words, already in the request's.
    expect(apiErrorText(limited, tIn('de'))).toBe('Zu viele Versuche.');
    expect(apiErrorText(new ApiRequestError(502, 'http_error', 'Bad gateway'), tIn('ar'))).toBe(
      'Bad gateway',
    );
  });

  it('a limit says when to try again, the wait the server sent written by Intl in the page’s language', () => {
    const english =
      'You have submitted 10 events this hour, the most we accept. You can submit again in 34 minutes.';
    const limited = new ApiRequestError(429, 'rate_limited', english, undefined, {
      code: 'rateLimit.submitHour',
      params: { limit: 10, minutes: 34 },
    });
    expect(apiErrorText(limited, tIn('en'))).toBe(english);
    expect(apiErrorText(limited, tIn('ar'))).toBe(
      'بلغتَ الحد الأقصى لما نقبله من الفعاليات المُرسلة خلال ساعة (10). يمكنك الإرسال مجددًا خلال 34 دقيقة.',
    );
    expect(apiErrorText(limited, tIn('fr'))).toBe(
      'Vous avez proposé 10 événements cette heure-ci, le maximum que nous acceptons. Vous pourrez en proposer de nouveau dans 34 minutes.',
    );
    // And as the server says it itself (common/i18n/messages.ts), for API clients: the same words.
    expect(msg('rateLimit.reportHour', { limit: 20, minutes: 1 })).toBe(
      'You have sent 20 reports this hour, the most we accept. You can report again in 1 minute.',
    );
  });
});
