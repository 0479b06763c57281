import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { signInFormSchema, signUpSchema } from '../../../../common/schemas/auth';
import { GoogleButton } from '../../../components/GoogleButton';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { config } from '../../../lib/config';
import { apiFieldTexts, issueTexts } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import type { PostedFormState } from '../../../lib/postedForm';
import { Link } from '../../../lib/router';
import { typedBeforeHydration } from '../../../lib/typedBeforeHydration';
import { useHydrated } from '../../../lib/useHydrated';
import { useGoogleSignIn } from '../api/googleSignIn';
import { useSignIn } from '../api/signIn';
import { useSignUp } from '../api/signUp';
import { emailAuthErrorMessage, googleErrorMessage } from '../lib/messages';

export type AuthMode = 'signIn' | 'signUp';
type Field = 'name' | 'email' | 'password';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', password: '' };

const toggleClass =
  'rounded font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-100';

/** The sign-in page in a mode (`?mode=signUp`), keeping where the person goes afterwards. */
export function authPageHref(mode: AuthMode, next: string): string {
  const params = new URLSearchParams();
  if (mode === 'signUp') params.set('mode', mode);
  if (next !== '/') params.set('next', next);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}
const FIELDS: Field[] = ['name', 'email', 'password'];

/**
 * What a refusal says: each field's message, and the banner's (none when the field messages say it all,
 * as for plain validation failures).
 */
function refusalTexts(
  error: unknown,
  tm: ReturnType<typeof useMessages>,
  t: TFunction<'auth'>,
): { fieldErrors: FieldErrors; formError: string | null } {
  const fieldErrors: FieldErrors = {};
  if (error instanceof ApiRequestError && error.fields) {
    const messages = apiFieldTexts(error, tm);
    for (const field of FIELDS) {
      const message = messages[field];
      if (message) fieldErrors[field] = message;
    }
    if (error.code === 'validation_failed') return { fieldErrors, formError: null };
  }
  return { fieldErrors, formError: emailAuthErrorMessage(error, t) };
}

/**
 * The form of one mode. The page gives each mode a fresh instance, so switching clears everything.
 * Without JavaScript it is a plain form posted to the page's own address (server/routes/auth/forms.ts),
 * and the other mode is a link; the server's answer to a refused one starts it (`posted`).
 */
export function AuthForm({
  mode,
  focusHeading,
  onToggleMode,
  onSignedIn,
  next,
  posted,
}: {
  mode: AuthMode;
  /** Move focus to the heading on mount (after a mode switch), so the change is announced. */
  focusHeading: boolean;
  onToggleMode: () => void;
  onSignedIn: () => void;
  /** Where the person goes once signed in (a safe path of this site). */
  next: string;
  /** The form as the server refused it, without JavaScript. */
  posted?: PostedFormState | null;
}) {
  const { t } = useTranslation('auth');
  const tm = useMessages();
  const hydrated = useHydrated();
  const creating = mode === 'signUp';
  const [refused] = useState(() => (posted ? refusalTexts(posted.error, tm, t) : null));
  const [values, setValues] = useState<Values>(() => {
    const start = { ...EMPTY, ...posted?.values, password: '' };
    if (hydrated) return start;
    // Hydrating the server's form: keep what was typed into it meanwhile.
    for (const field of ['name', 'email', 'password'] as const) {
      start[field] = typedBeforeHydration(`auth-${field}`) ?? start[field];
    }
    return start;
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(refused?.fieldErrors ?? {});
  const [formError, setFormError] = useState<string | null>(refused?.formError ?? null);
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
      const texts = refusalTexts(error, tm, t);
      if (error instanceof ApiRequestError && error.fields) showFieldErrors(texts.fieldErrors);
      if (texts.formError) setFormError(texts.formError);
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

      {/* Google's sign-in runs in a pop-up the page follows: offered once the page runs. */}
      {config.googleEnabled && hydrated ? (
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

      <form
        method="post"
        action={next === '/' ? '/auth' : `/auth?next=${encodeURIComponent(next)}`}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-5"
        aria-busy={busy || undefined}
      >
        <input type="hidden" name="intent" value={mode} />
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
          dir="ltr"
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
        {hydrated ? (
          <button type="button" onClick={onToggleMode} className={toggleClass}>
            {creating ? t('toggle.toSignIn') : t('toggle.toSignUp')}
          </button>
        ) : (
          // Without JavaScript, the other form is the same page with `?mode=`.
          <a href={authPageHref(creating ? 'signIn' : 'signUp', next)} className={toggleClass}>
            {creating ? t('toggle.toSignIn') : t('toggle.toSignUp')}
          </a>
        )}
      </p>
    </div>
  );
}
