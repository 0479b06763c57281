import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';
import { useHydrated } from '../../../lib/useHydrated';
import { CALENDAR_NS } from '../catalog';

type CopyState = 'idle' | 'copied' | 'failed';

const fieldClass =
  'w-full min-w-0 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm text-stone-900 ' +
  'dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100';

/** A read-only address or snippet with a Copy button; the result is announced to screen readers. */
export function CopyField({
  label,
  value,
  what = label,
  multiline = false,
}: {
  label: string;
  value: string;
  /** Names the thing in the button's accessible name ("Copy the calendar feed address"); the label by default. */
  what?: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation(CALENDAR_NS);
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  const hydrated = useHydrated();

  // A new value is not yet copied.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on value change only
  useEffect(() => setState('idle'), [value]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard access (insecure context, denied): select the text so a key press copies it.
      ref.current?.focus();
      ref.current?.select();
      setState('failed');
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-start">
        {multiline ? (
          <textarea
            id={id}
            ref={ref}
            readOnly
            rows={4}
            value={value}
            // Code and addresses read left to right in every language, and are not to be translated.
            dir="ltr"
            translate="no"
            onFocus={(e) => e.currentTarget.select()}
            className={`${fieldClass} resize-y`}
          />
        ) : (
          <input
            id={id}
            ref={ref}
            readOnly
            type="text"
            value={value}
            dir="ltr"
            translate="no"
            onFocus={(e) => e.currentTarget.select()}
            className={fieldClass}
          />
        )}
        {/* Copying needs the page to run; without JavaScript the field is there to select. */}
        {hydrated ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={copy}
            aria-label={t('page.copyLabel', { what })}
            className="shrink-0 self-start sm:py-2"
          >
            {state === 'copied' ? (
              <Check aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-100" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {t('page.copy')}
          </Button>
        ) : null}
      </div>
      <p role="status" className="mt-1 text-sm text-stone-600 dark:text-stone-300">
        {state === 'copied' ? t('page.copied') : state === 'failed' ? t('page.copyFailed') : ''}
      </p>
    </div>
  );
}
