import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps features apart (biome.json, noRestrictedImports): run on a small tree of
 * its own with the project's configuration, it must refuse every import of one feature by another and
 * allow what features may use (their own files, web/lib, web/components, common).
 */
const root = mkdtempSync(join(tmpdir(), 'palcal-boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files: Record<string, string> = {
  'web/features/events/components/Crosses.tsx':
    "import { a } from '../../calendar/components/AddToCalendar';",
  'web/features/events/api/CrossesToo.ts': "import { a } from '../../auth/api/signIn';",
  'web/features/calendar/catalogCrosses.ts': "import { a } from '../events/api/events';",
  // The long way round, up to web/ and down again, is the same crossing.
  'web/features/events/components/Detour.tsx':
    "import { a } from '../../../features/calendar/components/AddToCalendar';",
  'web/features/calendar/catalogDetour.ts': "import { a } from '../../features/events/api/events';",
  'web/features/events/components/Allowed.tsx': [
    "import { a } from './EventCard';",
    "import { b } from '../lib/eventDate';",
    "import { c } from '../../../lib/api';",
    "import { d } from '../../../components/ui/Button';",
    "import { e } from '../../../../common/filters';",
  ].join('\n'),
  'web/features/calendar/catalogAllowed.ts': [
    "import { a } from './links';",
    "import { b } from '../../i18n/index';",
    "import { c } from '../../../common/links';",
  ].join('\n'),
  'web/app/routes/Composes.tsx': [
    "import { a } from '../../features/events/components/EventCard';",
    "import { b } from '../../features/calendar/components/AddToCalendar';",
  ].join('\n'),
};

function flagged(): string[] {
  const config = JSON.parse(readFileSync('biome.json', 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  writeFileSync(join(root, 'biome.json'), JSON.stringify(config));
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${code}\nexport const used = [a];\n`);
  }
  let output = '';
  try {
    output = execFileSync(
      join(process.cwd(), 'node_modules/.bin/biome'),
      ['lint', '--only=style/noRestrictedImports', '--max-diagnostics=100', '.'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
  const lines = [...output.matchAll(/^(web\/\S+?):\d+:\d+ lint\/style\/noRestrictedImports/gm)];
  return [...new Set(lines.map((m) => m[1] ?? ''))].sort();
}

describe('feature boundaries', () => {
  it('refuses a feature importing another feature, and nothing else', () => {
    expect(flagged()).toEqual([
      'web/features/calendar/catalogCrosses.ts',
      'web/features/calendar/catalogDetour.ts',
      'web/features/events/api/CrossesToo.ts',
      'web/features/events/components/Crosses.tsx',
      'web/features/events/components/Detour.tsx',
    ]);
  });
});
