import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Notice, StateMessage } from '../../../components/ui/Notice';

/** The one-form pages of emailed links (forgot password, new password): title, intro, error, form. */
export function LinkFormPage({
  title,
  intro,
  error,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
  after,
}: {
  title: string;
  intro: string;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        <p className="mt-2 text-stone-600 dark:text-stone-300">{intro}</p>
        {error ? (
          <Notice tone="error" className="mt-6">
            {error}
          </Notice>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={busy || undefined}>
          {children}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </form>
        {after}
      </Card>
    </div>
  );
}

/** A page that is only a message: the outcome of a link (done, used up, not complete). */
export function LinkOutcome(props: Parameters<typeof StateMessage>[0] & { children?: ReactNode }) {
  const { children, ...message } = props;
  return (
    <div className="px-4 py-10">
      <StateMessage headingLevel={1} {...message} />
      {children}
    </div>
  );
}
