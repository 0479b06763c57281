import type { ReactNode } from 'react';
import { Button } from './Button';

type Tone = 'info' | 'success' | 'error' | 'warning';

const tones: Record<Tone, string> = {
  info: 'border-stone-200 bg-stone-100 text-stone-800 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200',
  success:
    'border-brand-100 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-50',
  error: 'border-red-200 bg-danger-50 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100',
};

/** A boxed message; errors are announced to screen readers as alerts, others as status. */
export function Notice({
  tone = 'info',
  children,
  className = '',
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]} ${className}`}
    >
      {children}
    </div>
  );
}

/** A centred empty, error or not-found state with an icon, a heading, a text and an action. */
export function StateMessage({
  icon,
  title,
  text,
  action,
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center">
      {icon ? <div className="text-stone-400 dark:text-stone-500">{icon}</div> : null}
      <Heading className="text-xl font-semibold text-stone-900 dark:text-stone-100">{title}</Heading>
      {/* It may quote what was typed (a city not known): a long word wraps, not the page. */}
      {text ? <p className="wrap-anywhere text-stone-600 dark:text-stone-300">{text}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

/** A list that could not load: what happened, and a button to try again. */
export function LoadFailed({
  tone = 'error',
  message,
  retryLabel,
  onRetry,
}: {
  tone?: 'error' | 'warning';
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="space-y-3">
      <Notice tone={tone}>{message}</Notice>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
