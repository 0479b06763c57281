import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signInFormSchema, signUpSchema } from '../../../../common/schemas/auth';
import { GoogleButton } from '../../../components/GoogleButton';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { TextField } from '../../../components/ui/TextField';
import { ApiRequestError } from '../../../lib/api';
import { config } from '../../../lib/config';
import { apiFieldTexts, issueTexts, useMessages } from '../../../lib/messages';
import { useGoogleSignIn } from '../api/googleSignIn';
import { useSignIn } from '../api/signIn';
import { useSignUp } from '../api/signUp';
import { emailAuthErrorMessage, googleErrorMessage } from '../lib/messages';

export type AuthMode = 'signIn' | 'signUp';
type Field = 'name' | 'email' | 'password';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', password: '' };
const FIELDS: Field[] = ['name', 'email', 'password'];

/** The form of one mode. The page gives each mode a fresh instance, so switching clears everything. */
export function AuthForm({
  mode,
  focusHeading,
  onToggleMode,
  onSignedIn,
}: {
  mode: AuthMode;
  /** Move focus to the heading on mount (after a mode switch), so the change is announced. */
  focusHeading: boolean;
  onToggleMode: () => void;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('auth');
  const tm = useMessages();
  const creating = mode === 'signUp';
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn();
  const signUp = useSignUp();
  const google = useGoogleSignIn({ onSignedIn });
  const busy = signIn.isPending || signUp.isPending;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  // A Google failure replaces whatever the banner said before.
  useEffect(() => {
    if (google.failure) setFormError(googleErrorMessage(google.failure, t));
  }, [google.failure, t]);

  const showFieldErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    const first = FIELDS.find((f) => errors[f]);
    if (first) inputs.current[first]?.focus();
  };

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // Editing a field clears its error (docs/PRODUCT.md#form-messages).
    if (fieldErrors[field]) setFieldErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = creating
      ? signUpSchema.safeParse(values)
      : signInFormSchema.safeParse({ email: values.email, password: values.password });
    if (!parsed.success) {
      showFieldErrors(issueTexts(parsed.error.issues, tm) as FieldErrors);
      return;
    }
    setFieldErrors({});
    try {
      if (creating) await signUp.mutateAsync(signUpSchema.parse(values));
      else await signIn.mutateAsync({ email: values.email.trim(), password: values.password });
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        const messages = apiFieldTexts(error, tm);
        const errors: FieldErrors = {};
        for (const field of FIELDS) {
          const message = messages[field];
          if (message) errors[field] = message;
        }
        showFieldErrors(errors);
        // The field messages say it all for plain validation failures.
        if (error.code === 'validation_failed') return;
      }
      setFormError(emailAuthErrorMessage(error, t));
    }
  };

  const submitLabel = creating
    ? t(busy ? 'submit.signingUp' : 'submit.signUp')
    : t(busy ? 'submit.signingIn' : 'submit.signIn');

  return (
    <div>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-stone-900 outline-none sm:text-3xl dark:text-white"
      >
        {t(`heading.${mode}`)}
      </h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">{t(`intro.${mode}`)}</p>

      {formError ? (
        <Notice tone="error" className="mt-6">
          {formError}
        </Notice>
      ) : null}

      {config.googleEnabled ? (
        <>
          <div className="mt-6">
            <GoogleButton
              label={google.busy ? t('google.busy') : t('google.button')}
              busy={google.busy}
              onClick={() => {
                setFormError(null);
                google.start();
              }}
            />
          </div>
          <div className="mt-6 flex items-center gap-3">
            <span aria-hidden="true" className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
            <span className="text-sm text-stone-600 dark:text-stone-400">{t('divider')}</span>
            <span aria-hidden="true" className="h-px flex-1 bg-stone-200 dark:bg-stone-700" />
          </div>
        </>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={busy || undefined}>
        {creating ? (
          <TextField
            id="auth-name"
            name="name"
            label={t('fields.name')}
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            error={fieldErrors.name}
            inputRef={(el) => {
              inputs.current.name = el;
            }}
          />
        ) : null}
        <TextField
          id="auth-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete={creating ? 'email' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          label={t('fields.email')}
          value={values.email}
          onChange={change('email')}
          error={fieldErrors.email}
          inputRef={(el) => {
            inputs.current.email = el;
          }}
        />
        <TextField
          id="auth-password"
          name="password"
          type="password"
          autoComplete={creating ? 'new-password' : 'current-password'}
          label={t('fields.password')}
          hint={creating ? t('fields.passwordHint') : undefined}
          value={values.password}
          onChange={change('password')}
          error={fieldErrors.password}
          reveal={{ show: t('fields.showPassword'), hide: t('fields.hidePassword') }}
          inputRef={(el) => {
            inputs.current.password = el;
          }}
        />
        {!creating && config.mailEnabled ? (
          <p className="-mt-2 text-end text-sm">
            <Link
              to="/forgot-password"
              className="rounded font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-100"
            >
              {t('forgotPassword')}
            </Link>
          </p>
        ) : null}
        <Button type="submit" disabled={busy} className="w-full">
          {submitLabel}
        </Button>
      </form>

      <p className="mt-6 text-center text-sm">
        <button
          type="button"
          onClick={onToggleMode}
          className="rounded font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-100"
        >
          {creating ? t('toggle.toSignIn') : t('toggle.toSignUp')}
        </button>
      </p>
    </div>
  );
}
