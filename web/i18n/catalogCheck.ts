/**
 * What makes a translated catalog complete (web/locales/<lang>/<namespace>.json against English):
 * the same files, the same keys (plural keys in the forms the language needs, as Intl.PluralRules
 * names them), the same placeholders ({{name}}) and tags (<address>) in each message, no empty message.
 * Used by catalogs.test.ts and by translators: `node web/i18n/catalogCheck.ts [lang ...]`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCALES_DIR = join(import.meta.dirname, '..', 'locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

export function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  } else into.set(prefix, String(value));
  return into;
}

/** The placeholders and tags of a message, sorted: "{{count}}", "<address>", "</address>". */
export function tokensOf(message: string): string[] {
  const placeholders = [...message.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...message.matchAll(/<\/?[\w-]+\s*\/?>/g)].map((m) => m[0].replace(/\s+/g, ''));
  return [...placeholders, ...tags].sort();
}

export function namespaces(language: string, root = LOCALES_DIR): string[] {
  const dir = join(root, language);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function readCatalog(language: string, namespace: string, root = LOCALES_DIR): Flat {
  return flatten(JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')));
}

/** CLDR's plural categories in its own order, so that the checker names missing forms alike on every Node. */
const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** Every problem of one language's catalogs, as readable lines (empty when complete). */
export function catalogProblems(language: string, root = LOCALES_DIR): string[] {
  const problems: string[] = [];
  // In CLDR's order, not the runtime's: Node 22's ICU lists Arabic's as few, many, one, two, zero, other.
  const categories = (new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]).sort(
    (a, b) => PLURAL_ORDER.indexOf(a) - PLURAL_ORDER.indexOf(b),
  );
  const source = namespaces('en', root);
  const target = namespaces(language, root);
  for (const ns of target)
    if (!source.includes(ns)) problems.push(`${language}/${ns}.json: no such English file`);
  for (const ns of source) {
    if (!target.includes(ns)) {
      problems.push(`${language}/${ns}.json: missing`);
      continue;
    }
    const en = readCatalog('en', ns, root);
    const tr = readCatalog(language, ns, root);
    const pluralBases = new Set(
      [...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL_SUFFIX, '')),
    );
    const expected = new Map<string, string>(); // key in the target → the English message it translates
    for (const [key, message] of en) {
      const base = key.replace(PLURAL_SUFFIX, '');
      if (pluralBases.has(base) && PLURAL_SUFFIX.test(key)) {
        for (const c of categories) expected.set(`${base}_${c}`, en.get(`${base}_other`) ?? message);
      } else expected.set(key, message);
    }
    for (const key of tr.keys())
      if (!expected.has(key)) problems.push(`${language}/${ns}.json: unexpected key ${key}`);
    for (const [key, english] of expected) {
      const message = tr.get(key);
      if (message === undefined) {
        problems.push(`${language}/${ns}.json: missing key ${key}`);
        continue;
      }
      if (message.trim() === '') problems.push(`${language}/${ns}.json: empty message ${key}`);
      const want = tokensOf(english);
      let got = tokensOf(message);
      // A plural form other than "other" may leave the number out ("one event", "two events" in Arabic).
      if (PLURAL_SUFFIX.test(key) && !key.endsWith('_other') && !got.includes('{{count}}')) {
        got = [...got, '{{count}}'].sort();
      }
      if (want.join(' ') !== got.join(' ')) {
        problems.push(
          `${language}/${ns}.json: ${key} has ${got.join(' ') || 'no placeholders'}, English has ${want.join(' ') || 'none'}`,
        );
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const wanted = process.argv.slice(2);
  const languages = wanted.length > 0 ? wanted : readdirSync(LOCALES_DIR).filter((l) => l !== 'en');
  let count = 0;
  for (const language of languages) {
    const problems = catalogProblems(language);
    count += problems.length;
    for (const p of problems) console.log(p);
    console.log(`${language}: ${problems.length === 0 ? 'complete' : `${problems.length} problems`}`);
  }
  process.exitCode = count === 0 ? 0 : 1;
}

/**
 * English keys no code uses: a key is used when the code has it as a string ('detail.title',
 * 'events:detail.title'), or a plural key's base, or a template that builds it
 * (`reportReasons.${reason}`, `${action}.title`, `errors.${code}`). Sources are the code's text.
 */
export function unusedKeys(sources: string[]): string[] {
  const code = sources.join('\n');
  const strings = new Set<string>();
  for (const m of code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`$\n]*)`/g)) {
    strings.add((m[1] ?? m[2] ?? m[3] ?? '').replace(/^\w+:/, ''));
  }
  // A call's key inside another string (a template of HTML: title="${t('feedLinks.rss')}").
  for (const m of code.matchAll(/\bt\(\s*['"]([^'"\n]+)['"]/g))
    strings.add((m[1] ?? '').replace(/^\w+:/, ''));
  // The fixed start of a built key (`reportReasons.${`) and its fixed end (`}.title``).
  const starts = [...code.matchAll(/`(?:\w+:)?([A-Za-z][\w./-]*)\$\{/g)].map((m) => m[1] ?? '');
  const ends = [...code.matchAll(/\}(\.[A-Za-z][\w.]*)`/g)].map((m) => m[1] ?? '');
  const unused: string[] = [];
  for (const ns of namespaces('en')) {
    for (const key of readCatalog('en', ns).keys()) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const used =
        strings.has(key) ||
        strings.has(base) ||
        starts.some((s) => base.startsWith(s)) ||
        ends.some((e) => base.endsWith(e));
      if (!used) unused.push(`${ns}.json: ${key}`);
    }
  }
  return unused;
}
