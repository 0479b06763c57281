import { useId } from 'react';
import type { WhenFilter } from '../../../../common/filters';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import { useHydrated } from '../../../lib/useHydrated';

const OPTIONS: WhenFilter[] = ['upcoming', 'past'];

const frameClass =
  'inline-flex rounded-lg border border-stone-300 bg-white p-0.5 dark:border-stone-700 dark:bg-stone-900';
const optionClass =
  'relative cursor-pointer rounded-md px-3.5 py-1.5 text-sm font-medium text-stone-700 dark:text-stone-300';

interface WhenToggleProps {
  value: WhenFilter;
  onChange: (when: WhenFilter) => void;
  /** The address of the same view switched to upcoming or past (filters kept, back to page 1). */
  hrefFor: (when: WhenFilter) => string;
}

/**
 * Upcoming (the default) or past events: two radio buttons drawn as one segmented control. The page
 * the server renders has two links that look the same instead, so the choice works without
 * JavaScript; the browser swaps in the radios once it has hydrated the page (same size, nothing moves).
 */
export function WhenToggle({ value, onChange, hrefFor }: WhenToggleProps) {
  const { t } = useTranslation('events');
  const name = useId();
  const hydrated = useHydrated();

  if (!hydrated) {
    return (
      <nav aria-label={t('filters.when')} className="flex items-center gap-2">
        <div className={frameClass}>
          {OPTIONS.map((option) => (
            <Link
              key={option}
              to={hrefFor(option)}
              aria-current={value === option ? 'page' : undefined}
              className={`${optionClass} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white`}
            >
              {t(`filters.${option}`)}
            </Link>
          ))}
        </div>
      </nav>
    );
  }

  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('filters.when')}</legend>
      <div className={frameClass}>
        {OPTIONS.map((option) => (
          <label
            key={option}
            className={`${optionClass} has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 dark:has-checked:bg-brand-700`}
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
