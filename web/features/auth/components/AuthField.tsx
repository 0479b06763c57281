import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type Ref, useState } from 'react';

const inputClass = (invalid: boolean, extra = '') =>
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm ' +
  'placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-1 ' +
  'dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 ' +
  (invalid
    ? 'border-danger-600 focus-visible:outline-danger-600 dark:border-red-400 '
    : 'border-stone-300 focus-visible:outline-brand-700 dark:border-stone-600 ') +
  extra;

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** For passwords: a button that shows or hides what was typed. */
  reveal?: { show: string; hide: string };
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function AuthField({ id, label, error, hint, inputRef, reveal, type, ...input }: AuthFieldProps) {
  const [shown, setShown] = useState(false);
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800 dark:text-stone-100">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          ref={inputRef}
          type={reveal && shown ? 'text' : type}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          className={inputClass(Boolean(error), reveal ? 'pe-12' : '')}
          {...input}
        />
        {reveal ? (
          <button
            type="button"
            onClick={() => setShown((v) => !v)}
            aria-label={shown ? reveal.hide : reveal.show}
            aria-controls={id}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-stone-600 hover:text-stone-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 dark:text-stone-300 dark:hover:text-white"
          >
            {shown ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        ) : null}
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
