import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a field hands its control, so label, hint and error are tied to it for assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
  className: string;
}

/** The look of a text input, textarea or select in a form; red border and outline when invalid. */
export const fieldControlClass = (invalid: boolean) =>
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm ' +
  'placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-1 ' +
  'dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 ' +
  (invalid
    ? 'border-danger-600 focus-visible:outline-danger-600 dark:border-red-400'
    : 'border-stone-300 focus-visible:outline-brand-700 dark:border-stone-600');

/** The ids a control is described by: its error first (read first), then its hint. */
export function describedByIds(id: string, { error, hint }: { error?: unknown; hint?: unknown }) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A labelled form field: label (with a * when required), the control, its error and its hint. The
 * control is rendered by `children` with the props that tie it to the rest.
 */
export function Field({
  id,
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800 dark:text-stone-100">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-danger-600 dark:text-red-400">
            *
          </span>
        ) : null}
      </label>
      <div className="relative mt-1.5">
        {children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedByIds(id, { error, hint }),
          'aria-required': required || undefined,
          className: fieldControlClass(Boolean(error)),
        })}
      </div>
      {error ? (
        <p
          id={`${id}-error`}
          className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger-600 dark:text-red-300"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
