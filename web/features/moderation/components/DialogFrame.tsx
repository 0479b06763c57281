import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFocusReturn } from '../../../lib/useFocusReturn';

/**
 * The frame of the dashboard's own dialogs (the keys, the preset reasons): overlay, title, a close
 * button and the description, over Radix's dialog (focus trapped, Escape closes). They are opened by
 * a button's click or a key, not by a Radix trigger, so Radix has nothing to give focus back to: the
 * frame remembers what had focus as it opens and gives it back as it closes.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  closeLabel,
  description,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50" />
        <Dialog.Content
          data-testid={testId}
          onCloseAutoFocus={returnFocus}
          className="fixed start-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl rtl:translate-x-1/2 dark:bg-stone-900"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-stone-900 dark:text-stone-50">
              {title}
            </Dialog.Title>
            <Dialog.Close
              aria-label={closeLabel}
              className="rounded-md p-1 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
