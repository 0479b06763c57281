import type { ReactNode } from 'react';

/**
 * Small coloured labels. Solid tones carry a verdict (Verified, Reported); soft hue tones tell kinds
 * apart (one per event type). Every pair meets WCAG AA contrast in light and dark mode.
 */
export type BadgeTone =
  | 'neutral'
  | 'strong'
  | 'verified'
  | 'danger'
  | 'warning'
  | 'orange'
  | 'fuchsia'
  | 'blue'
  | 'violet';

const tones: Record<BadgeTone, string> = {
  neutral:
    'bg-stone-100 text-stone-700 ring-stone-300 dark:bg-stone-800 dark:text-stone-200 dark:ring-stone-600',
  // A state that changes the event itself (Cancelled, Postponed): dark on light, light on dark.
  strong: 'bg-stone-900 text-white ring-stone-900 dark:bg-stone-100 dark:text-stone-900 dark:ring-stone-100',
  verified: 'bg-brand-700 text-white ring-brand-700 dark:bg-brand-700 dark:ring-brand-600',
  danger: 'bg-danger-600 text-white ring-danger-600',
  warning:
    'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800',
  orange:
    'bg-orange-50 text-orange-800 ring-orange-200 dark:bg-orange-950/70 dark:text-orange-200 dark:ring-orange-900',
  fuchsia:
    'bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-200 dark:bg-fuchsia-950/70 dark:text-fuchsia-200 dark:ring-fuchsia-900',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200 dark:bg-blue-950/70 dark:text-blue-200 dark:ring-blue-900',
  violet:
    'bg-violet-50 text-violet-800 ring-violet-200 dark:bg-violet-950/70 dark:text-violet-200 dark:ring-violet-900',
};

export function Badge({
  tone = 'neutral',
  icon,
  children,
  className = '',
}: {
  tone?: BadgeTone;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {icon}
      {children}
    </span>
  );
}
