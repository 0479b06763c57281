import { LoaderCircle } from 'lucide-react';

/** A spinning indicator with a text for screen readers and sighted users alike. */
export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 text-stone-600 dark:text-stone-300 ${className}`}
    >
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand-700 dark:text-brand-100" />
      {label ? <span>{label}</span> : null}
    </div>
  );
}
