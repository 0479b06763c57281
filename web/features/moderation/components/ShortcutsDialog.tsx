import * as Dialog from '@radix-ui/react-dialog';
import { Keyboard } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';
import { DialogFrame } from './DialogFrame';

/** Each key (or pair) and what it does, in the order a moderator works. */
const KEYS: [string[], string][] = [
  [['J', '↓'], 'next'],
  [['K', '↑'], 'previous'],
  [['A'], 'approve'],
  [['V'], 'approveVerify'],
  [['R'], 'reject'],
  [['X'], 'remove'],
  [['D'], 'dismiss'],
  [['S'], 'bulkSelect'],
  [['?'], 'help'],
];

/** The button that opens the list of keys: the `?` key's visible twin. */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('moderation');
  return (
    <Button size="sm" variant="secondary" aria-keyshortcuts="?" onClick={onClick}>
      <Keyboard aria-hidden="true" className="size-4" />
      {t('shortcuts.open')}
    </Button>
  );
}

/**
 * The dashboard's keys (docs/PRODUCT.md#moderation-dashboard), opened by `?` or its button. Focus is
 * trapped, Escape closes, and focus goes back to what had it (DialogFrame).
 */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('moderation');
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('shortcuts.title')}
      closeLabel={t('shortcuts.close')}
      description={t('shortcuts.intro')}
      testId="shortcuts-dialog"
    >
      <dl className="mt-4 divide-y divide-stone-200 text-sm dark:divide-stone-800">
        {KEYS.map(([keys, what]) => (
          <div key={what} className="flex items-center justify-between gap-4 py-2">
            <dt className="flex gap-1.5">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-7 rounded border border-stone-300 bg-stone-50 px-1.5 py-0.5 text-center font-sans font-semibold text-stone-900 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-50"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-end text-stone-800 dark:text-stone-200">{t(`shortcuts.keys.${what}`)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">{t('shortcuts.done')}</Button>
        </Dialog.Close>
      </div>
    </DialogFrame>
  );
}
