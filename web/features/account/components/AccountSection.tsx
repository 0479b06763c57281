import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card';

/** One titled part of the account page. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-stone-950 dark:text-white">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}
