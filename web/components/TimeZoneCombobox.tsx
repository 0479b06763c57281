import { Check } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  canonicalZone,
  prepareZoneSearch,
  resolveZone,
  searchZones,
  type ZoneOption,
  zoneName,
} from '../../common/zoneSearch';
import { localeOfI18n } from '../i18n/index';
import { useTranslation } from '../i18n/react';
import { zoneLabel } from '../lib/zoneLabel';
import type { FieldControlProps } from './ui/Field';

export interface TimeZoneComboboxProps extends FieldControlProps {
  name: string;
  /** The chosen IANA zone, or what was typed when it names none (the form's check then says so). */
  value: string;
  onChange: (value: string) => void;
  /** The person's own zone: suggested first. */
  ownZone: string;
  /** The event's city, which names its zone when it lies there ("Cape Town time"). */
  city?: string;
  /** The instant the offsets are shown for (the event's start once known): summer time shows. */
  instant: Date;
}

/**
 * The time-zone field (docs/PRODUCT.md#text-people-write): type a city or a zone name, pick a suggestion.
 * An ARIA 1.2 combobox with a list popup: Down and Up open the list and move through it, Enter picks,
 * Escape closes it (and, closed, gives back the chosen zone), Tab leaves. Typing a city of the table or
 * a zone name exactly chooses it without the list. Its words are the submit form's (submit.json
 * `timeZone`), the one form that has it: they stay out of the first load's catalog.
 */
export function TimeZoneCombobox({
  name,
  value,
  onChange,
  ownZone,
  city,
  instant,
  id,
  className,
  ...aria
}: TimeZoneComboboxProps) {
  const { t, i18n } = useTranslation('submit');
  const locale = localeOfI18n(i18n);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // What is being typed, or null while the field shows the chosen zone's name.
  const [query, setQuery] = useState<string | null>(null);
  // The zone last chosen, and the city it was chosen by ("Cape Town" names it better than the zone's
  // own "Johannesburg"): Escape goes back to it after typing.
  const [chosen, setChosen] = useState<{ zone: string; place?: string } | null>(() => {
    const initial = resolveZone(value);
    return initial ? { zone: initial.zone } : null;
  });
  // The form may set the zone itself (the browser's own once the page runs, an edited event's): that is
  // the zone Escape goes back to, until another is chosen. Not while something is being typed.
  const valueZone = resolveZone(value)?.zone;
  useEffect(() => {
    if (query === null && valueZone)
      setChosen((prev) => (prev?.zone === valueZone ? prev : { zone: valueZone }));
  }, [valueZone, query]);
  const chosenPlace = chosen && chosen.zone === valueZone ? chosen.place : undefined;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const options = useMemo(
    () => (open ? searchZones(query ?? '', { ownZone, instant, locale }) : []),
    [open, query, ownZone, instant, locale],
  );
  const resolved = resolveZone(value);
  const own = useMemo(() => canonicalZone(ownZone), [ownZone]);
  const shown =
    query ??
    (resolved
      ? zoneLabel(t, zoneName(resolved.zone, instant, { city: chosenPlace ?? city, locale }))
      : value);

  const choose = (option: ZoneOption) => {
    setChosen({ zone: option.zone, place: option.place ?? undefined });
    setQuery(null);
    setOpen(false);
    setActive(-1);
    onChange(option.zone);
  };

  const type = (text: string) => {
    setQuery(text);
    setOpen(true);
    setActive(-1);
    // An exact city or zone name is a choice already; anything else is kept as typed, so the form's
    // check can say "Please choose a valid time zone" rather than silently keep the old zone.
    const exact = resolveZone(text);
    if (exact) setChosen({ zone: exact.zone, place: exact.place ?? undefined });
    onChange(exact ? exact.zone : text);
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
    // A typed name that chose a zone shows as that zone's name again.
    if (query !== null && resolveZone(query)) setQuery(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!open) {
          setOpen(true);
          // Alt+Down only opens; Down and Up also go to the first or last suggestion.
          setActive(event.altKey ? -1 : down ? 0 : Number.MAX_SAFE_INTEGER);
          return;
        }
        if (count === 0) return;
        // Past either end the highlight wraps round (MAX_SAFE_INTEGER stands for the last one).
        setActive((i) => (down ? (i >= count - 1 ? 0 : i + 1) : i <= 0 ? count - 1 : Math.min(i, count) - 1));
        return;
      }
      case 'Enter': {
        // With the list open, Enter picks the highlighted suggestion, or the first when none is, and
        // never sends the form: a half-typed zone sent the whole event for review before its address,
        // repeats and flyer were filled in. With nothing to suggest it closes the list.
        if (!open) return;
        event.preventDefault();
        const option = options[active >= 0 ? Math.min(active, count - 1) : 0];
        if (option) choose(option);
        else close();
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (query !== null) {
          // Closed already: drop the typing and go back to the zone chosen before (when there is one).
          event.preventDefault();
          setQuery(null);
          if (chosen) onChange(chosen.zone);
        }
        return;
      default:
    }
  };

  const activeIndex = active >= 0 && options.length > 0 ? Math.min(active, options.length - 1) : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const expanded = open && options.length > 0;

  return (
    <>
      <input
        {...aria}
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={shown}
        className={className}
        onChange={(e) => type(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          e.target.select();
          // The index of every zone is built once, now rather than on the first key pressed.
          setTimeout(prepareZoneSearch, 0);
        }}
        onClick={() => setOpen(true)}
        onBlur={close}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('timeZone.listLabel')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg dark:border-stone-600 dark:bg-stone-900"
      >
        {expanded
          ? options.map((option, index) => {
              return (
                // The field keeps focus and handles the keys (aria-activedescendant); a click picks too.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input takes the keyboard
                <div
                  key={option.zone}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  // Keeps focus in the field, so the list does not close before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  className={`flex cursor-pointer items-start gap-2 px-3 py-2 text-start ${
                    index === activeIndex
                      ? 'bg-brand-50 text-brand-900 dark:bg-brand-900/60 dark:text-white'
                      : 'text-stone-900 dark:text-stone-100'
                  }`}
                >
                  <Check
                    aria-hidden="true"
                    className={`mt-0.5 size-4 shrink-0 ${option.zone === resolved?.zone ? '' : 'invisible'}`}
                  />
                  <span className="min-w-0">
                    <span className="block font-medium">{zoneLabel(t, option)}</span>
                    <span className="block text-sm text-stone-600 dark:text-stone-400">
                      {option.zone}
                      {option.zone === own ? ` · ${t('timeZone.yours')}` : ''}
                    </span>
                  </span>
                </div>
              );
            })
          : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {open && query
          ? options.length
            ? t('timeZone.suggestions', { count: options.length })
            : t('timeZone.none')
          : ''}
      </p>
      {open && query && options.length === 0 ? (
        <p
          aria-hidden="true"
          className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-600 shadow-lg dark:border-stone-600 dark:bg-stone-900 dark:text-stone-300"
        >
          {t('timeZone.none')}
        </p>
      ) : null}
    </>
  );
}
