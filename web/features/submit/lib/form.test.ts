import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import arabic from '../../../locales/ar/messages.json';
import { initialValues, validateForm } from './form';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { ar: { messages: arabic } },
    interpolation: { escapeValue: false },
  });
});

describe('the submit form’s own check (docs/PRODUCT.md#form-messages)', () => {
  const values = {
    ...initialValues('Europe/London'),
    title: 'x'.repeat(201),
    date: '2031-02-30',
    sourceLink: 'ftp://example.org',
  };

  it('says the shared schema’s messages in English, worded as the spec words them', () => {
    const result = validateForm(values, i18n.getFixedT('en'));
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.errors).toMatchObject({
      title: 'Event title must be at most 200 characters',
      description: 'Event description is required',
      date: 'Please enter a valid date',
      sourceLink: 'The link must start with http:// or https://',
    });
  });

  it('and in the page’s language', () => {
    const result = validateForm(values, i18n.getFixedT('ar'));
    expect(result.ok ? {} : result.errors).toMatchObject({
      title: 'يجب ألا يزيد عدد أحرف حقل «عنوان الفعالية» على 200',
      description: 'وصف الفعالية مطلوب',
      date: 'يُرجى إدخال تاريخ صالح',
      sourceLink: 'يجب أن يبدأ الرابط بـ \u2066http://\u2069 أو \u2066https://\u2069',
    });
  });
});
