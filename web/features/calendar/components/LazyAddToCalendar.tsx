import { CalendarPlus, ChevronDown, Download, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { eventIcsPath } from '../../../../common/links';
import { buttonClass } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';
import { loadOnce } from '../../../lib/loadOnce';
import { useHydrated } from '../../../lib/useHydrated';
import type { AddToCalendarProps, AddToCalendar as Menu } from './AddToCalendar';

/** The menu's code (Radix, Floating UI), fetched once for every card on the page. */
const menu = loadOnce(() => import('./AddToCalendar').then((module) => module.AddToCalendar));

/**
 * The "Add to calendar" menu for lists of cards (and the event page before it hydrates).
 *
 * - In the server's HTML, until the page has hydrated: a link to the event's .ics file that looks
 *   like the button, so the page read without JavaScript has no dead button.
 * - Then a plain button that looks the same, so the home page's first load carries no menu code.
 *   Pointing at it or focusing it fetches that code in the background without changing anything on
 *   screen; pressing it (pointer down, as the menu itself opens, or a click, Enter, Space, Arrow
 *   Down) asks for the menu, which replaces the button already open as soon as its code is there.
 *   A press made while the code loads is remembered, never lost; a spinner says it is coming.
 */
export function LazyAddToCalendar(props: AddToCalendarProps) {
  // Its strings are in the first catalogs: the calendar feature's own load with the menu.
  const { t } = useTranslation('events');
  const hydrated = useHydrated();
  const [requested, setRequested] = useState(false);
  const [LoadedMenu, setLoadedMenu] = useState<typeof Menu | null>(null);
  // The state above updates on the next render; two events of one press (pointer down, then click)
  // must not ask twice.
  const asked = useRef(false);
  const { variant = 'secondary', size = 'sm', compact = false, event } = props;

  if (LoadedMenu) return <LoadedMenu {...props} defaultOpen />;

  const className = buttonClass(variant, size, compact ? 'px-2!' : '');
  const name = compact ? t('addToCalendar.buttonFor', { title: event.title }) : undefined;
  const title = compact ? t('addToCalendar.button') : undefined;

  if (!hydrated) {
    return (
      <a
        href={eventIcsPath(event.id)}
        download
        className={className}
        title={compact ? title : t('addToCalendar.ics')}
        aria-label={name}
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        {compact ? null : t('addToCalendar.button')}
        {/* A download, not a menu: its icon says so (the same size as the menu's chevron). */}
        {compact ? null : <Download aria-hidden="true" className="size-4" />}
      </a>
    );
  }

  const open = () => {
    if (asked.current) return;
    asked.current = true;
    const loaded = menu.loaded();
    if (loaded) {
      setLoadedMenu(() => loaded);
      return;
    }
    setRequested(true);
    menu.load().then(
      (code) => setLoadedMenu(() => code),
      () => {
        asked.current = false;
        setRequested(false);
      },
    );
  };
  const preload = () => {
    void menu.load().catch(() => {});
  };

  return (
    <button
      type="button"
      className={className}
      title={title}
      aria-label={name}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={requested || undefined}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(e: PointerEvent<HTMLButtonElement>) => {
        if (e.button !== 0 || e.ctrlKey) return;
        // As the menu's own trigger does: no focus move by this press, the opening menu takes focus.
        e.preventDefault();
        open();
      }}
      onClick={open}
      onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          open();
        }
      }}
    >
      {requested ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <CalendarPlus aria-hidden="true" className="size-4" />
      )}
      {compact ? null : t('addToCalendar.button')}
      {compact ? null : <ChevronDown aria-hidden="true" className="size-4" />}
    </button>
  );
}
