import type { ReactNode } from 'react';

/**
 * Small coloured labels. Solid tones carry a verdict (Verified, Reported); soft hue tones tell kinds
 * apart (one per event type). Every pair meets WCAG AA contrast in light and dark mode. The tones are
 * component classes in web/styles.css (`.badge-<tone>`).
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
    <span className={`badge badge-${tone}${className ? ` ${className}` : ''}`}>
      {icon}
      {children}
    </span>
  );
}
