import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import type { BulkResult } from '../../../../common/schemas/queue';
import { Button } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';
import { useMessages } from '../../../lib/messages';
import { usePresetReasons } from '../api/presetReasons';
import { useBulkDecide } from '../api/queue';
import { actionErrorOf } from '../lib/actionError';
import { bulkSelectable } from './QueueCardExtras';
import { ReasonDialog } from './ReasonDialog';

export type FeedbackTone = 'success' | 'warning' | 'error';

/** "18 rejected, 2 were already handled": what a bulk decision did, as one sentence. */
export function bulkReport(
  result: BulkResult,
  action: 'approve' | 'reject',
  t: (key: string, options: { count: number }) => string,
): { tone: FeedbackTone; text: string } {
  const count = (outcome: string) => result.results.filter((r) => r.outcome === outcome).length;
  const parts = [t(`bulk.done.${action}`, { count: count('done') })];
  if (count('already_decided') > 0) parts.push(t('bulk.already', { count: count('already_decided') }));
  if (count('not_found') > 0) parts.push(t('bulk.missing', { count: count('not_found') }));
  if (count('not_allowed') > 0) parts.push(t('bulk.refused', { count: count('not_allowed') }));
  return { tone: parts.length > 1 ? 'warning' : 'success', text: parts.join(' · ') };
}

/**
 * The Pending tab's bulk bar (docs/PRODUCT.md#moderation): "Select all on this page", how many are
 * selected, Approve N and Reject N (one reason for all, the preset reasons offered). The server decides
 * each event on its own and says what happened to each; the page reports it.
 */
export function BulkBar({
  items,
  checked,
  onChecked,
  onReport,
}: {
  items: ModerationItem[];
  checked: Set<string>;
  onChecked: (ids: Set<string>) => void;
  onReport: (tone: FeedbackTone, text: string) => void;
}) {
  const { t } = useTranslation('queue');
  const tm = useMessages();
  const presets = usePresetReasons();
  const decide = useBulkDecide();
  const [asking, setAsking] = useState(false);
  const selectable = items.filter(bulkSelectable).map((i) => i.event.id);
  if (selectable.length === 0) return null;
  const ids = selectable.filter((id) => checked.has(id));
  const all = ids.length === selectable.length;

  const run = (action: 'approve' | 'reject', reason?: string) =>
    // The promise, not mutate's callbacks: those do not run once the list (and this bar) is gone.
    decide.mutateAsync({ ids, action, ...(reason ? { reason } : {}) }).then(
      (result) => {
        setAsking(false);
        onChecked(new Set());
        const report = bulkReport(result, action, (key, options) => t(key, options));
        onReport(report.tone, report.text);
      },
      (error: unknown) => {
        if (action === 'approve') onReport('error', t('bulk.failed', { message: errorMessage(error) }));
      },
    );
  const errorMessage = (error: unknown) => actionErrorOf(error, t('unknownError'), tm).message;

  return (
    <section
      aria-label={t('bulk.barLabel')}
      className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm dark:border-stone-800 dark:bg-stone-900"
      data-testid="bulk-bar"
    >
      <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-stone-900 dark:text-stone-100">
        <input
          type="checkbox"
          checked={all}
          ref={(box) => {
            if (box) box.indeterminate = ids.length > 0 && !all;
          }}
          onChange={(e) => onChecked(new Set(e.target.checked ? selectable : []))}
          className="size-5 accent-brand-700"
        />
        {t('bulk.selectAll')}
      </label>
      {ids.length > 0 ? (
        <>
          <span className="text-stone-700 dark:text-stone-300" aria-live="polite">
            {t('bulk.selected', { count: ids.length })}
          </span>
          <div className="flex flex-wrap gap-2 sm:ms-auto">
            <Button size="sm" disabled={decide.isPending} onClick={() => run('approve')}>
              <Check aria-hidden="true" className="size-4" />
              {decide.isPending ? t('bulk.working') : t('bulk.approve', { count: ids.length })}
            </Button>
            <Button size="sm" variant="danger" disabled={decide.isPending} onClick={() => setAsking(true)}>
              <X aria-hidden="true" className="size-4" />
              {t('bulk.reject', { count: ids.length })}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={decide.isPending}
              onClick={() => onChecked(new Set())}
            >
              {t('bulk.clear')}
            </Button>
          </div>
        </>
      ) : null}
      <ReasonDialog
        action="reject"
        description={t('bulk.rejectDescription', { count: ids.length })}
        open={asking}
        busy={decide.isPending}
        error={asking && decide.error ? actionErrorOf(decide.error, t('unknownError'), tm) : null}
        onOpenChange={(open) => {
          if (!open) {
            setAsking(false);
            decide.reset();
          }
        }}
        onConfirm={(reason) => run('reject', reason)}
        presets={presets.data?.items}
      />
    </section>
  );
}
