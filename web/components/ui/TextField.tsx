import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { useHydrated } from '../../lib/useHydrated';
import { Field } from './Field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** For passwords: a button that shows or hides what was typed. */
  reveal?: { show: string; hide: string };
}

/** A labelled text input (sign-in, sign-up, new password…); a password one can show what was typed. */
export function TextField({
  id,
  label,
  error,
  hint,
  inputRef,
  reveal: revealLabels,
  type,
  ...input
}: TextFieldProps) {
  const [shown, setShown] = useState(false);
  // The button works only once the page runs: without JavaScript there is none.
  const reveal = useHydrated() ? revealLabels : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {({ className, ...control }) => (
        <>
          <input
            {...control}
            ref={inputRef}
            type={reveal && shown ? 'text' : type}
            className={reveal ? `${className} pe-12` : className}
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
        </>
      )}
    </Field>
  );
}
