import type { ReactNode } from 'react';

/** A page's own heading and the sentence that says what it is for; `children` add to it (who is signed in…). */
export function PageHeader({
  title,
  intro,
  children,
  introOnPhones = true,
}: {
  title: string;
  intro: string;
  children?: ReactNode;
  /** False: on a phone the intro is left to screen readers, so a working page starts sooner. */
  introOnPhones?: boolean;
}) {
  return (
    <header className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl dark:text-stone-50">
        {title}
      </h1>
      <p className={`max-w-3xl text-stone-700 dark:text-stone-300${introOnPhones ? '' : ' max-sm:sr-only'}`}>
        {intro}
      </p>
      {children}
    </header>
  );
}
