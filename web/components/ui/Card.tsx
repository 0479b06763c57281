import type { HTMLAttributes } from 'react';

/** The surface every list item and panel sits on. */
export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900 ${className}`}
      {...rest}
    />
  );
}

/** A grey block standing in for content while it loads. */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`animate-pulse rounded bg-stone-200 dark:bg-stone-800 ${className}`} />
  );
}
