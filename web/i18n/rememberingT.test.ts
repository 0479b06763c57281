// The server's translator remembers what it wrote (web/i18n/rememberingT.ts): a remembered message must
// read exactly as i18next would write it, whatever language, namespace, prefix and values come after.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { rememberingGetFixedT } from './rememberingT';

const instance = i18next.createInstance();

beforeAll(async () => {
  await instance.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: {
      en: {
        common: {
          hello: 'Hello',
          greet: 'Hello, {{name}}',
          events_one: '{{count}} event',
          events_other: '{{count}} events',
          menu: { open: 'Open' },
        },
        other: { hello: 'Hi there' },
      },
      fr: {
        common: {
          hello: 'Bonjour',
          greet: 'Bonjour, {{name}}',
          events_one: '{{count}} événement',
          events_other: '{{count}} événements',
        },
      },
    },
  });
});

describe('rememberingGetFixedT', () => {
  const getFixedT = () => rememberingGetFixedT(instance);

  it('writes each message as i18next does, again and again', () => {
    const t = getFixedT()('en', 'common');
    for (let i = 0; i < 3; i++) {
      expect(t('hello')).toBe('Hello');
      expect(t('greet', { name: 'Amal' })).toBe('Hello, Amal');
    }
  });

  it('never hands one language, namespace or prefix the message of another', () => {
    expect(getFixedT()('en', 'common')('hello')).toBe('Hello');
    expect(getFixedT()('fr', 'common')('hello')).toBe('Bonjour');
    expect(getFixedT()('en', 'other')('hello')).toBe('Hi there');
    expect(getFixedT()('en', 'common', 'menu')('open')).toBe('Open');
    expect(getFixedT()('en', 'common')('hello')).toBe('Hello');
    // One translator asked for each in turn, as every component of a render asks it, again and again.
    const one = getFixedT();
    for (let i = 0; i < 2; i++) {
      expect(one('en', 'common')('hello')).toBe('Hello');
      expect(one('fr', 'common')('hello')).toBe('Bonjour');
      expect(one('en', 'other')('hello')).toBe('Hi there');
      expect(one('en', ['other', 'common'])('hello')).toBe('Hi there');
      expect(one('en', 'common', 'menu')('open')).toBe('Open');
      // No language named: the instance's own (English here).
      expect(one(null, 'common')('hello')).toBe('Hello');
    }
  });

  it('writes each set of values afresh: interpolation and plurals', () => {
    const en = getFixedT()('en', 'common');
    const fr = getFixedT()('fr', 'common');
    expect(en('greet', { name: 'Amal' })).toBe('Hello, Amal');
    expect(en('greet', { name: 'Omar' })).toBe('Hello, Omar');
    expect(en('events', { count: 1 })).toBe('1 event');
    expect(en('events', { count: 5 })).toBe('5 events');
    expect(fr('events', { count: 5 })).toBe('5 événements');
    expect(en('events', { count: 1 })).toBe('1 event');
  });

  it('leaves options that are not plain values to i18next every time', () => {
    const t = getFixedT()('en', 'common');
    let asked = 0;
    const name = {
      toString() {
        asked += 1;
        return `caller ${asked}`;
      },
    };
    expect(t('greet', { name })).toBe('Hello, caller 1');
    expect(t('greet', { name })).toBe('Hello, caller 2');
    expect(t('menu', { returnObjects: true })).toEqual({ open: 'Open' });
  });

  it('keeps what i18next hangs on its fixed t', () => {
    const t = getFixedT()('fr', 'common', 'menu') as unknown as {
      lng: string;
      ns: string;
      keyPrefix: string;
    };
    expect([t.lng, t.ns, t.keyPrefix]).toEqual(['fr', 'common', 'menu']);
  });
});
