import {
  ChevronDown,
  LocateFixed,
  type LucideIcon,
  MapPin,
  Search,
  SlidersHorizontal,
  X,
} from 'lucide-react';
import {
  type InputHTMLAttributes,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { EVENT_TYPES } from '../../../../common/enums';
import {
  activeFilterCount,
  type HomeFilters,
  isNearKm,
  NEAR_KM,
  type TypeFilter,
} from '../../../../common/filters';
import { LIMITS } from '../../../../common/limits';
import { isPeriod, PERIODS, RANGE_MAX_DAYS } from '../../../../common/periods';
import type { NearAnswer } from '../../../../common/schemas/events';
import { browserTimeZone } from '../../../../common/timezones';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';

/** A calendar day (YYYY-MM-DD) moved by `days`, or undefined for none. */
const shiftDay = (day: string, days: number): string | undefined =>
  day ? new Date(Date.parse(day) + days * 24 * 3600 * 1000).toISOString().slice(0, 10) : undefined;

/** How long typing pauses before the list follows (one request per pause, not per keystroke). */
export const TYPING_DEBOUNCE_MS = 300;

export type FilterChange = Partial<
  Pick<
    HomeFilters,
    'search' | 'location' | 'near' | 'km' | 'type' | 'period' | 'from' | 'to' | 'online' | 'tz'
  >
>;

interface FilterPanelProps {
  filters: HomeFilters;
  /** `replace` is true for typing that refines a search already in the address (no history flood). */
  onChange: (change: FilterChange, options: { replace: boolean }) => void;
  /** The address of this view without search, location and type; null when none of them is set. */
  clearHref: string | null;
  /** What the server took the "Near" city to be (the list's answer), when one is typed. */
  near?: NearAnswer | undefined;
  /** The id of what says why the range of days is refused (longer than the API takes), when it is. */
  rangeHint?: string | undefined;
}

// What a filter's answer says beside it (a city found or not, a range too long): rarely shown, so its
// code and the words it needs load when it is (FilterHints.tsx).
const NearHint = lazy(() => import('./FilterHints').then((hints) => ({ default: hints.NearHint })));
const OtherZoneHint = lazy(() => import('./FilterHints').then((hints) => ({ default: hints.OtherZoneHint })));

/**
 * A text field that follows the URL (Back, Clear filters) and writes to it after a pause in typing.
 * `committed` remembers what this field last wrote, so its own echo from the URL never overwrites
 * letters typed in the meantime.
 */
function useDebouncedField(urlValue: string, commit: (value: string, replace: boolean) => void) {
  const [text, setText] = useState(urlValue);
  const committed = useRef(urlValue);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (urlValue !== committed.current) {
      committed.current = urlValue;
      setText(urlValue);
    }
  }, [urlValue]);

  useEffect(() => {
    const value = text.trim();
    if (value === committed.current) return;
    const timer = setTimeout(() => {
      // The first letters of a new search get their own history entry; refining it replaces that entry.
      const replace = committed.current !== '';
      committed.current = value;
      commitRef.current(value, replace);
    }, TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return [text, setText] as const;
}

// Component classes (web/styles.css): six fields and labels on the home page.
const fieldClass = 'filter-field';
const labelClass = 'filter-label';

/** A labelled text field with an icon at its start (search, location, near). */
function IconTextField({
  id,
  label,
  icon: Icon,
  className,
  after,
  ...input
}: {
  id: string;
  label: string;
  icon: LucideIcon;
  className?: string;
  /** Below the field (the near search's answer). */
  after?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <Icon
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-stone-500 dark:text-stone-400"
        />
        <input id={id} autoComplete="off" {...input} className={`${fieldClass} ps-9 pe-3`} />
      </div>
      {after}
    </div>
  );
}

/** One end of a range of days: a labelled date field. */
function DayField({
  id,
  name,
  label,
  value,
  min,
  max,
  hintId,
  onChange,
}: {
  id: string;
  name: 'from' | 'to';
  label: string;
  value: string;
  min?: string;
  max?: string;
  /** What says why this day is refused. */
  hintId?: string | undefined;
  /** `refining`: the field had a day already (typing goes on, or another day replaces it). */
  onChange: (value: string, refining: boolean) => void;
}) {
  // What is typed stays while the address follows it: a year typed digit by digit passes through
  // 0002, 0020…, no day the list reads, so the address's day stays empty meanwhile. A change of the
  // address itself (Back, Clear filters) is shown.
  const [typed, setTyped] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setTyped(value);
  }
  return (
    // A whole row on the narrowest phones, where half a row cuts the date's year.
    <div className="col-span-2 min-[24rem]:col-span-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        name={name}
        value={typed}
        min={min || undefined}
        max={max || undefined}
        aria-invalid={hintId ? true : undefined}
        aria-describedby={hintId}
        onChange={(e) => {
          setTyped(e.target.value);
          onChange(e.target.value, typed !== '');
        }}
        className={`${fieldClass} px-3`}
      />
    </div>
  );
}

/** A labelled choice of the filters: its options as value and words, in order. */
function SelectField({
  id,
  name,
  label,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  name: string;
  label: string;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${fieldClass} px-3`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterPanel({ filters, onChange, clearHref, near, rangeHint }: FilterPanelProps) {
  const { t } = useTranslation('events');
  const ids = {
    search: useId(),
    location: useId(),
    near: useId(),
    nearHint: useId(),
    km: useId(),
    type: useId(),
    period: useId(),
    from: useId(),
    to: useId(),
    online: useId(),
  };
  const activeCount = activeFilterCount(filters);
  // "Choose dates" shows the two day fields before either has a value.
  const hasDays = filters.from !== '' || filters.to !== '';
  const [choosingDays, setChoosingDays] = useState(hasDays);
  // Days arriving (a shared link) or leaving (Clear filters, Back) decide it again.
  useEffect(() => setChoosingDays(hasDays), [hasDays]);
  const showDays = choosingDays || hasDays;
  // Days and periods are read on the viewer's calendar (common/periods.ts).
  const withZone = (change: FilterChange): FilterChange => ({ ...change, tz: browserTimeZone() });
  const choosePeriod = (value: string) => {
    if (value === 'dates') {
      setChoosingDays(true);
      return;
    }
    setChoosingDays(false);
    if (isPeriod(value)) onChange(withZone({ period: value, from: '', to: '' }), { replace: false });
  };
  // A day typed digit by digit passes through days of its own (year 0002, 0020, 0202…): the first
  // gets a history entry, each change to a field that had a day replaces it, so Back leaves the field.
  const chooseDay = (name: 'from' | 'to', value: string, refining: boolean) =>
    onChange(withZone({ [name]: value, period: 'any' }), { replace: refining });
  // At most RANGE_MAX_DAYS apart, as the API takes them (a longer range is refused).
  const dayFields = (
    <>
      <DayField
        id={ids.from}
        name="from"
        label={t('filters.from')}
        value={filters.from}
        min={shiftDay(filters.to, 1 - RANGE_MAX_DAYS)}
        max={filters.to}
        onChange={(value, refining) => chooseDay('from', value, refining)}
      />
      <DayField
        id={ids.to}
        name="to"
        label={t('filters.to')}
        value={filters.to}
        min={filters.from}
        max={shiftDay(filters.from, RANGE_MAX_DAYS - 1)}
        hintId={rangeHint}
        onChange={(value, refining) => chooseDay('to', value, refining)}
      />
    </>
  );
  const [search, setSearch] = useDebouncedField(filters.search, (value, replace) =>
    onChange({ search: value }, { replace }),
  );
  const [location, setLocation] = useDebouncedField(filters.location, (value, replace) =>
    onChange({ location: value }, { replace }),
  );
  const [nearText, setNearText] = useDebouncedField(filters.near, (value, replace) =>
    onChange({ near: value }, { replace }),
  );
  // The answer about the city in the address, not one typed since (the list follows after a pause).
  const nearShown = near && filters.near !== '' ? near : undefined;

  // Only without JavaScript (React leaves <noscript> alone when it hydrates, and a browser running
  // scripts never shows it): a button to send the form, and the upcoming/past choice it keeps.
  const noScriptSubmit = (
    <>
      {filters.when === 'past' ? <input type="hidden" name="when" value="past" /> : null}
      {filters.view === 'month' ? <input type="hidden" name="view" value="month" /> : null}
      {filters.month ? <input type="hidden" name="month" value={filters.month} /> : null}
      <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
        <Search aria-hidden="true" className="size-4" />
        {t('filters.submit')}
      </button>
    </>
  );

  return (
    <Card className="p-4 sm:p-5">
      <search aria-label={t('filters.label')}>
        {/* With JavaScript the list follows the fields as they change and the form never submits.
            Without it (Tor Browser's Safest level), it is a plain GET form to this page with the
            parameters the app writes (page left out: a new search starts at page 1). */}
        <form method="get" action="/" onSubmit={(e) => e.preventDefault()}>
          {/* On a phone the filters fold away under "Filters (n)", so the first event shows on the first
              screen; from the sm width up they are always open (web/styles.css, .filters-disclosure). */}
          <details className="filters-disclosure group">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md font-medium text-stone-900 dark:text-stone-100 [&::-webkit-details-marker]:hidden">
              <SlidersHorizontal aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-100" />
              {t('filters.disclosure')}
              {activeCount > 0 ? (
                <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-brand-100 dark:text-brand-900">
                  {t('filters.activeCount', { count: activeCount })}
                </span>
              ) : null}
              <ChevronDown
                aria-hidden="true"
                className="ms-auto size-5 text-stone-500 transition-transform group-open:rotate-180"
              />
            </summary>
            {/* One column on a phone: a half-width field cut its hint to "City, country o". Three on a
                laptop, all five in a row only from 1280 px, the text fields wider than the two lists:
                at 1024 px five in a row cut every language's location hint, "“daring”" to "“dari". */}
            <div className="filter-fields">
              <IconTextField
                className="sm:col-span-2 lg:col-span-1"
                id={ids.search}
                label={t('filters.search')}
                icon={Search}
                type="search"
                name="search"
                enterKeyHint="search"
                maxLength={LIMITS.searchMax}
                placeholder={t('filters.searchPlaceholder')}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <IconTextField
                id={ids.location}
                label={t('filters.location')}
                icon={MapPin}
                type="text"
                name="location"
                maxLength={LIMITS.locationMax}
                placeholder={t('filters.locationPlaceholder')}
                value={location}
                onChange={(e) => setLocation(e.target.value)}
              />
              <SelectField
                id={ids.type}
                name="type"
                label={t('filters.type')}
                value={filters.type}
                options={[
                  { value: 'all', label: t('filters.allTypes') },
                  ...EVENT_TYPES.map((type) => ({ value: type, label: t(`common:eventTypes.${type}`) })),
                ]}
                onChange={(type) => onChange({ type: type as TypeFilter }, { replace: false })}
              />
              <IconTextField
                id={ids.near}
                label={t('filters.near')}
                icon={LocateFixed}
                type="text"
                name="near"
                dir="auto"
                maxLength={LIMITS.locationMax}
                placeholder={t('filters.nearPlaceholder')}
                value={nearText}
                onChange={(e) => setNearText(e.target.value)}
                aria-describedby={nearShown ? ids.nearHint : undefined}
                aria-invalid={nearShown && !nearShown.city ? true : undefined}
                after={
                  // Always present, so the city found (or not) is read out when it appears after typing.
                  <div aria-live="polite">
                    {nearShown ? (
                      <Suspense fallback={null}>
                        <NearHint id={ids.nearHint} near={nearShown} />
                      </Suspense>
                    ) : null}
                  </div>
                }
              />
              <SelectField
                id={ids.km}
                name="km"
                label={t('filters.distance')}
                value={filters.km}
                options={NEAR_KM.map((km) => ({ value: km, label: t('filters.km', { km }) }))}
                onChange={(value) => {
                  const km = Number(value);
                  if (isNearKm(km)) onChange({ km }, { replace: false });
                }}
              />
            </div>
            <div className="mt-4 grid grid-cols-2 items-end gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
              {/* The month view's month is its period. */}
              <SelectField
                className={`col-span-2 sm:col-span-1 ${filters.view === 'month' ? 'hidden' : ''}`}
                id={ids.period}
                name="period"
                label={t('filters.period')}
                value={showDays ? 'dates' : filters.period}
                options={[
                  ...PERIODS.map((period) => ({ value: period, label: t(`filters.periods.${period}`) })),
                  { value: 'dates', label: t('filters.periods.dates') },
                ]}
                onChange={choosePeriod}
              />
              {showDays ? (
                dayFields
              ) : (
                // Without JavaScript, choosing "Choose dates…" shows nothing: the fields are there anyway.
                <div className="hidden noscript:contents">{dayFields}</div>
              )}
              <div className="col-span-2 flex h-11 items-center sm:col-span-1">
                <input
                  id={ids.online}
                  type="checkbox"
                  name="online"
                  value="1"
                  checked={filters.online}
                  onChange={(e) => onChange({ online: e.target.checked }, { replace: false })}
                  className="size-5 rounded border-stone-400 accent-brand-700 dark:accent-brand-100"
                />
                <label
                  htmlFor={ids.online}
                  className="ms-2 text-sm font-medium text-stone-800 dark:text-stone-200"
                >
                  {t('filters.online')}
                </label>
              </div>
            </div>
            {clearHref ? (
              <div className="mt-3 flex flex-wrap items-center justify-end gap-x-3 gap-y-2">
                <Link
                  to={clearHref}
                  className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white"
                >
                  <X aria-hidden="true" className="size-4" />
                  {t('filters.clear')}
                </Link>
                <noscript className="basis-full sm:basis-auto">{noScriptSubmit}</noscript>
              </div>
            ) : (
              <noscript>
                <div className="mt-4 flex justify-end">{noScriptSubmit}</div>
              </noscript>
            )}
          </details>
          {/* Outside the fold: on a phone the filters start folded, and the days they show are not
              what the viewer reads as "this week" until they know whose week it is. */}
          {filters.tz && filters.view !== 'month' && (filters.period !== 'any' || hasDays) ? (
            <Suspense fallback={null}>
              <OtherZoneHint zone={filters.tz} onUseMine={() => onChange(withZone({}), { replace: true })} />
            </Suspense>
          ) : null}
        </form>
      </search>
    </Card>
  );
}
