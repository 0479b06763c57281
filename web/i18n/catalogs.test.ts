// Every language the app offers is complete (docs/PRODUCT.md#languages): a catalog per English one,
// the same keys, the plural forms the language needs, the same placeholders and tags.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../common/i18n/languages';
import { catalogProblems, LOCALES_DIR, tokensOf, unusedKeys } from './catalogCheck';

describe('the catalogs', () => {
  it('exist for exactly the languages the app offers', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('each load, for every language but English, from a list of that language’s own catalogs', () => {
    const lists = readdirSync(join(import.meta.dirname, 'catalogs')).sort();
    const translated = LANGUAGE_CODES.filter((l) => l !== 'en');
    expect(lists).toEqual(translated.map((l) => `${l}.ts`).sort());
    for (const language of translated) {
      const list = readFileSync(join(import.meta.dirname, 'catalogs', `${language}.ts`), 'utf8');
      expect(list).toContain(`import.meta.glob<Record<string, unknown>>('../../locales/${language}/*.json'`);
    }
  });

  it('hold no message the code does not use', () => {
    const root = join(import.meta.dirname, '..', '..');
    const sources = ['web', 'server', 'common'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('locales'))
        .map((f) => readFileSync(join(root, dir, f), 'utf8')),
    );
    expect(unusedKeys(sources)).toEqual([]);
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('are complete in %s', (language) => {
    expect(catalogProblems(language)).toEqual([]);
  });
});

describe('the checker', () => {
  it('reads placeholders and tags, whatever their spacing or format', () => {
    expect(tokensOf('Hello {{name}}, <address>{{ email }}</address> {{count, number}}')).toEqual([
      '</address>',
      '<address>',
      '{{count}}',
      '{{email}}',
      '{{name}}',
    ]);
  });

  it('names each kind of problem: missing or extra keys, plural forms, placeholders, tags, files', () => {
    const root = mkdtempSync(join(tmpdir(), 'palcal-catalogs-'));
    const write = (language: string, ns: string, messages: unknown) => {
      mkdirSync(join(root, language), { recursive: true });
      writeFileSync(join(root, language, `${ns}.json`), JSON.stringify(messages));
    };
    try {
      write('en', 'common', {
        hello: 'Hello {{name}}',
        count_one: 'one event',
        count_other: '{{count}} events',
        at: 'At <address>{{place}}</address>',
        bye: 'Bye',
      });
      write('en', 'log', { title: 'Log' });
      write('ar', 'common', {
        hello: 'مرحبا {{nom}}',
        count_one: 'فعالية واحدة',
        count_other: '{{count}} فعالية',
        at: 'في {{place}}',
        extra: 'x',
      });
      expect(catalogProblems('ar', root)).toEqual([
        'ar/common.json: unexpected key extra',
        'ar/common.json: hello has {{nom}}, English has {{name}}',
        'ar/common.json: missing key count_zero',
        'ar/common.json: missing key count_two',
        'ar/common.json: missing key count_few',
        'ar/common.json: missing key count_many',
        'ar/common.json: at has {{place}}, English has </address> <address> {{place}}',
        'ar/common.json: missing key bye',
        'ar/log.json: missing',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
