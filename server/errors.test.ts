import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refOf } from '../common/i18n/messages';
import {
  type AppError,
  accountError,
  forbidden,
  googleError,
  notFound,
  tooManyRequests,
  unauthenticated,
} from './errors';

/** Every source file of the server (tests and test helpers left out). */
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('errors', () => {
  it('come from the factories in server/errors.ts, each with its stable code', () => {
    const root = join(process.cwd(), 'server');
    const elsewhere = productFiles(root)
      .filter((file) => !file.endsWith(join('server', 'errors.ts')))
      .filter((file) => /new AppError\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(process.cwd(), file));
    expect(elsewhere).toEqual([]);
  });

  it('say a message with a code of its own, so that it reaches people in their language', () => {
    const made = [
      unauthenticated(),
      forbidden(),
      notFound(),
      tooManyRequests(),
      ...Object.values(googleError).map((make) => make()),
      ...Object.values(accountError)
        .filter((make) => make.length === 0)
        .map((make) => (make as () => AppError)()),
    ];
    expect(made.filter((error) => refOf(error.message) === undefined).map((e) => e.message)).toEqual([]);
    expect(made.length).toBeGreaterThan(12);
  });
});
