import { describe, expect, it } from 'vitest';
import type { BulkResult } from '../../../../common/schemas/queue';
import english from '../../../locales/en/queue.json';
import { bulkReport } from './BulkBar';

/** The English catalog's sentence for a key, its {{count}} filled in. */
const t = (key: string, { count }: { count: number }) => {
  let node: unknown = english;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node).replace('{{count}}', String(count));
};

const result = (...outcomes: BulkResult['results'][number]['outcome'][]): BulkResult => ({
  results: outcomes.map((outcome, i) => ({ id: `e${i}`, outcome })),
});

describe('what a bulk decision did, in one sentence', () => {
  it('says how many were done, a success when all were', () => {
    expect(bulkReport(result('done', 'done'), 'approve', t)).toEqual({
      tone: 'success',
      text: 'Approved: 2',
    });
  });

  it('adds those someone else handled, missing or refused, as a warning', () => {
    const mixed = result(
      ...Array<'done'>(18).fill('done'),
      'already_decided',
      'already_decided',
      'not_found',
    );
    expect(bulkReport(mixed, 'reject', t)).toEqual({
      tone: 'warning',
      text: 'Rejected: 18 · No longer waiting (decided by another moderator or withdrawn by its submitter): 2 · No longer there: 1',
    });
  });
});
