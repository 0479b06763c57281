import { CalendarPlus, ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/Button';
import { CALENDAR_NS } from '../catalog';
import type { AddToCalendarProps } from './AddToCalendar';

const AddToCalendar = lazy(() => import('./AddToCalendar').then((m) => ({ default: m.AddToCalendar })));

/**
 * The "Add to calendar" menu for lists of cards: until someone points at or clicks it, a plain button
 * that looks the same, so the home page's first load carries no menu code (Radix, Floating UI). A
 * click loads the menu and opens it at once.
 */
export function LazyAddToCalendar(props: AddToCalendarProps) {
  const { t } = useTranslation(CALENDAR_NS);
  const [state, setState] = useState<'idle' | 'armed' | 'open'>('idle');
  const { variant = 'secondary', size = 'sm', compact = false, event } = props;
  const standIn = (
    <button
      type="button"
      className={buttonClass(variant, size, compact ? 'px-2!' : '')}
      title={compact ? t('add.button') : undefined}
      aria-label={compact ? t('add.buttonFor', { title: event.title }) : undefined}
      aria-haspopup="menu"
      aria-expanded={state === 'open'}
      onPointerEnter={() => setState((s) => (s === 'idle' ? 'armed' : s))}
      onClick={() => setState('open')}
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {compact ? null : t('add.button')}
      {compact ? null : <ChevronDown aria-hidden="true" className="size-4" />}
    </button>
  );
  if (state === 'idle') return standIn;
  return (
    <Suspense fallback={standIn}>
      <AddToCalendar {...props} defaultOpen={state === 'open'} />
    </Suspense>
  );
}
