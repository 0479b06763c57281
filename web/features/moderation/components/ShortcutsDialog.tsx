import * as Dialog from '@radix-ui/react-dialog';
import { Keyboard, X } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';

/** Each key (or pair) and what it does, in the order a moderator works. */
const KEYS: [string[], string][] = [
  [['J', '↓'], 'next'],
  [['K', '↑'], 'previous'],
  [['A'], 'approve'],
  [['V'], 'approveVerify'],
  [['R'], 'reject'],
  [['X'], 'remove'],
  [['D'], 'dismiss'],
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
 * The dashboard's keys (docs/PRODUCT.md#moderation-dashboard), opened by `?` or its button. Radix traps
 * focus, closes on Escape and gives focus back to what had it.
 */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('moderation');
  // Opened by a key, it has no trigger for Radix to give focus back to: remember what had it.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content
          data-testid="shortcuts-dialog"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) target.focus();
          }}
          className="fixed start-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl rtl:translate-x-1/2 dark:bg-stone-900"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900 dark:text-stone-50">
              {t('shortcuts.title')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('shortcuts.close')}
              className="rounded-md p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {t('shortcuts.intro')}
          </Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
