import { Fragment, type HTMLAttributes, type ReactNode } from 'react';

/** The surface every list item and panel sits on (`.card` in web/styles.css). */
export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `card ${className}` : 'card'} {...rest} />;
}

/** A grey block standing in for content while it loads. */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`animate-pulse rounded bg-stone-200 dark:bg-stone-800 ${className}`} />
  );
}

/** Stand-ins for a row of badges (type, Verified…): one pill per width class. */
export function SkeletonBadges({ widths }: { widths: string[] }) {
  return (
    <div className="flex gap-2">
      {widths.map((width, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <SkeletonBlock key={i} className={`h-5 ${width} rounded-full`} />
      ))}
    </div>
  );
}

/** Stand-ins for lines of text: one block per width class, each `lineClass` high, stacked by `className`. */
export function SkeletonLines({
  widths,
  lineClass = 'h-4',
  className = 'space-y-2',
}: {
  widths: string[];
  lineClass?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {widths.map((width, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <SkeletonBlock key={i} className={`${lineClass} ${width}`} />
      ))}
    </div>
  );
}

/** The same placeholder `count` times (LIMITS: how many each list shows while it loads). */
export function Placeholders({ count, children }: { count: number; children: ReactNode }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Fragment key={i}>{children}</Fragment>
      ))}
    </>
  );
}
