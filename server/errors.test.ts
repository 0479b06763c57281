import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

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
});
