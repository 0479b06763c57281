import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Props every control of the form gets, so label, hint and error are tied to it for assistive tech. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
  className: string;
}

export const controlClass = (invalid: boolean) =>
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm ' +
  'placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-1 ' +
  'dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 ' +
  (invalid
    ? 'border-danger-600 focus-visible:outline-danger-600 dark:border-red-400'
    : 'border-stone-300 focus-visible:outline-brand-700 dark:border-stone-600');

export function FormField({
  id,
  name,
  label,
  required = false,
  hint,
  error,
  className = '',
  children,
}: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
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
      <div className="mt-1.5">
        {children({
          id,
          name,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
          className: controlClass(Boolean(error)),
        })}
      </div>
      {error ? (
        <p
          id={errorId}
          className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger-600 dark:text-red-300"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
