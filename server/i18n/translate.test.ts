import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../common/i18n/languages';
import { SERVER_BUILD_OPTIONS } from '../../scripts/build.mjs';
import fr from '../../web/locales/fr/email.json';
import { hasText, SERVER_NAMESPACES, SERVER_RESOURCES, translatorFor } from './translate';

describe('the server’s catalogs', () => {
  it('hold every language the app offers, each with every namespace the server writes from', () => {
    expect(Object.keys(SERVER_RESOURCES).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const language of LANGUAGE_CODES) {
      expect(Object.keys(SERVER_RESOURCES[language]).sort(), language).toEqual([...SERVER_NAMESPACES].sort());
    }
  });

  it('translate in the language asked for, with English as the fallback of nothing', () => {
    expect(translatorFor('en', 'email')('greeting', { name: 'Layla' })).toBe('Hello Layla,');
    expect(translatorFor('fr', 'email')('greeting', { name: 'Layla' })).toBe(
      fr.greeting.replace('{{name}}', 'Layla'),
    );
    expect(translatorFor('ar')('eventTypes.protest')).toBe(SERVER_RESOURCES.ar.common.eventTypes.protest);
    expect(translatorFor('ar')('eventTypes.protest')).not.toBe(translatorFor('en')('eventTypes.protest'));
    // Other namespaces by prefix, and plural forms by the language's rules (Arabic has six).
    expect(translatorFor('ar', 'email')('common:event.online')).toBe(SERVER_RESOURCES.ar.common.event.online);
    expect(translatorFor('ar', 'email')('kinds.daily_digest.pending', { count: 2 })).toBe(
      SERVER_RESOURCES.ar.email.kinds.daily_digest.pending_two.replace('{{count}}', '2'),
    );
    expect(hasText('de', 'kinds.event_rejected.outro', 'email')).toBe(true);
    expect(hasText('de', 'kinds.event_approved.outro', 'email')).toBe(false);
  });

  it('travel in the bundled server (esbuild carries the JSON it imports)', async () => {
    const result = await build({
      ...SERVER_BUILD_OPTIONS,
      entryPoints: [join(import.meta.dirname, 'translate.ts')],
      sourcemap: false,
      // Non-ASCII as it is (the real build escapes it), so the test can look for each language's words.
      charset: 'utf8',
      write: false,
    });
    const bundle = (result.outputFiles ?? []).map((file) => file.text).join('');
    for (const language of LANGUAGE_CODES) {
      const greeting = JSON.stringify(SERVER_RESOURCES[language].email.greeting).slice(1, -1);
      expect(bundle, language).toContain(greeting);
    }
  });
});
