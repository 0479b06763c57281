import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten } from '../../web/i18n/catalogCheck';
import english from '../../web/locales/en/messages.json';
import { catalogLookup, type MessageCode, msg, refOf, renderMessage } from './messages';

const catalog = flatten(english);
const codes = [...catalog.keys()].filter((key) => !key.startsWith('fields.'));

/** The product's sources (tests aside) under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const root = process.cwd();
const code = ['common', 'server', 'web'].flatMap((dir) => sources(join(root, dir)));

describe('messages (docs/PRODUCT.md#messages)', () => {
  it('are the English sentence, with their code and parameters remembered', () => {
    const text = msg('field.tooLong', { label: 'eventTitle', max: 200 });
    expect(text).toBe('Event title must be at most 200 characters');
    expect(refOf(text)).toEqual({ code: 'field.tooLong', params: { label: 'eventTitle', max: 200 } });
    expect(refOf(msg('notFound'))).toEqual({ code: 'notFound' });
    expect(refOf('Event title must be at most 201 characters')).toBeUndefined();
  });

  it('are said in another catalog with its own field label, and English for what it lacks', () => {
    const french = catalogLookup({
      fields: { eventTitle: 'Titre' },
      field: { tooLong: '« {{label}} » : {{max}} caractères au plus' },
    });
    const ref = { code: 'field.tooLong', params: { label: 'eventTitle', max: 200 } } as const;
    expect(renderMessage(ref, french)).toBe('« Titre » : 200 caractères au plus');
    expect(renderMessage({ code: 'notFound' }, french)).toBe('Not found.');
  });

  it('refuse a missing parameter, and two messages worded alike', () => {
    expect(() => msg('field.tooLong', { label: 'eventTitle' })).toThrow(/parameter is missing/);
    msg('field.tooLong', { label: 'city', max: 100 });
    expect(() => msg('param.tooLong', { param: 'City', max: 100 })).toThrow(/both worded/);
  });

  it('have templates worded differently from each other', () => {
    const templates = codes.map((key) => catalog.get(key));
    expect(templates.length).toBe(new Set(templates).size);
  });

  it('that the code uses all exist in the catalog, and every one of the catalog is used', () => {
    const used = new Set<string>();
    for (const file of code) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bmsg\(\s*'([\w.]+)'/g)) used.add(match[1] ?? '');
      for (const match of text.matchAll(/\bmessageCode:\s*'([\w.]+)'/g)) used.add(match[1] ?? '');
      // A message worded where it is sent (a person's data in it), or made by the web app itself.
      for (const match of text.matchAll(/\bcode:\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1] ?? '');
    }
    expect([...used].filter((c) => !codes.includes(c))).toEqual([]);
    expect(codes.filter((c) => !used.has(c))).toEqual([]);
    // The compiler holds `msg` to the catalog's codes as well.
    const typed: MessageCode = 'event.stale';
    expect(codes).toContain(typed);
  });
});
