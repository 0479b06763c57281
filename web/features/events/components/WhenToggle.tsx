import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WhenFilter } from '../lib/filters';

const OPTIONS: WhenFilter[] = ['upcoming', 'past'];

/** Upcoming (the default) or past events: two radio buttons drawn as one segmented control. */
export function WhenToggle({ value, onChange }: { value: WhenFilter; onChange: (when: WhenFilter) => void }) {
  const { t } = useTranslation('events');
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('filters.when')}</legend>
      <div className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5 dark:border-stone-700 dark:bg-stone-900">
        {OPTIONS.map((option) => (
          <label
            key={option}
            className="relative cursor-pointer rounded-md px-3.5 py-1.5 text-sm font-medium text-stone-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 dark:text-stone-300 dark:has-checked:bg-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {t(`filters.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
