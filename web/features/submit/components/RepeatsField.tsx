import { Repeat } from 'lucide-react';
import { type InputHTMLAttributes, useId } from 'react';
import { isCalendarDate } from '../../../../common/dates';
import {
  MONTH_WEEKS,
  PLAIN_REPEATS_FIELDS,
  REPEAT_FREQUENCIES,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from '../../../../common/series';
import { weekdayName } from '../../../../common/seriesText';
import { isValidTimeZone } from '../../../../common/timezones';
import { fieldControlClass } from '../../../components/ui/Field';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError } from '../../../lib/api';
import { apiErrorText, apiFieldTexts } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import seriesCatalog from '../../../locales/en/series.json';
import { useSeriesPreview } from '../api/seriesPreview';
import { nthOf, type RepeatsValue, repeatsInput } from '../lib/repeats';

addCatalog('series', seriesCatalog);

/** How many dates the preview lists before "and N more". */
const PREVIEW_SHOWN = 8;

/**
 * "Repeats" on the submit form (docs/PRODUCT.md#recurring-events): never, every week or 2 weeks on
 * chosen weekdays, every month on the same day or the Nth / last weekday; until a date or for a number
 * of dates; and the dates it gives, as the server will show them (POST /api/series/preview).
 */
export function RepeatsField({
  value,
  onChange,
  start,
  submitError,
  always = false,
}: {
  value: RepeatsValue;
  onChange: (value: RepeatsValue) => void;
  /** The event's first date, time and zone, as the form has them. */
  start: { date: string; time: string; timezone: string };
  /** The submission's refusal, when it named the rule. */
  submitError: unknown;
  /** A series being edited: it repeats (no "never"), and the section says what a new rule does. */
  always?: boolean;
}) {
  const { t, i18n } = useTranslation('series');
  const tm = useMessages();
  const locale = localeOfI18n(i18n);
  const id = useId();
  const startDay = isCalendarDate(start.date) ? start.date : null;
  const weekday = startDay ? weekdayOf(startDay) : 'MO';
  const rule = repeatsInput(value, start.date);
  const ready =
    rule !== null && startDay !== null && /^\d\d:\d\d$/.test(start.time) && isValidTimeZone(start.timezone);
  const preview = useSeriesPreview(
    ready && rule ? { date: start.date, time: start.time, timezone: start.timezone, repeats: rule } : null,
  );
  const set = (changes: Partial<RepeatsValue>) => onChange({ ...value, ...changes });

  const chooseFreq = (freq: RepeatsValue['freq']) => {
    const changes: Partial<RepeatsValue> = { freq };
    // A sensible first choice from the first date: its weekday. Its week of the month follows the
    // date on its own (nthOf), whenever the date is typed.
    if ((freq === 'weekly' || freq === 'biweekly') && value.weekdays.length === 0)
      changes.weekdays = [weekday];
    set(changes);
  };
  const toggleDay = (day: Weekday) =>
    set({
      weekdays: value.weekdays.includes(day)
        ? value.weekdays.filter((d) => d !== day)
        : [...value.weekdays, day],
    });

  const refused = submitError instanceof ApiRequestError ? apiFieldTexts(submitError, tm) : {};
  const submitMessage = Object.entries(refused).find(([name]) => name.startsWith('repeats'))?.[1];
  const previewError =
    preview.error instanceof ApiRequestError
      ? (Object.entries(apiFieldTexts(preview.error, tm)).find(([name]) => name.startsWith('repeats'))?.[1] ??
        apiErrorText(preview.error, tm))
      : null;
  const message = previewError ?? submitMessage;
  const dates = preview.data && !previewError ? preview.data.dates : [];
  const more = preview.data ? preview.data.total - Math.min(PREVIEW_SHOWN, dates.length) : 0;
  const monthDay = startDay ? Number(startDay.slice(8, 10)) : 1;
  const weeklyChoice = value.freq === 'weekly' || value.freq === 'biweekly';

  return (
    <fieldset
      className="space-y-4 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
      data-testid="repeats"
    >
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-stone-800 dark:text-stone-100">
        <Repeat aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-100" />
        {t('legend')}
      </legend>
      {always ? <p className="text-sm text-stone-700 dark:text-stone-300">{t('edit.rule')}</p> : null}
      <select
        id={`${id}-freq`}
        name="repeats"
        aria-label={t('legend')}
        value={value.freq}
        onChange={(e) => chooseFreq(e.target.value as RepeatsValue['freq'])}
        className={fieldControlClass(false)}
      >
        {(always ? REPEAT_FREQUENCIES : (['never', ...REPEAT_FREQUENCIES] as const)).map((freq) => (
          <option key={freq} value={freq}>
            {t(`freq.${freq}`)}
          </option>
        ))}
      </select>

      {weeklyChoice ? (
        <WeekdayChips
          legend={t('on')}
          locale={locale}
          input={(day) => ({ checked: value.weekdays.includes(day), onChange: () => toggleDay(day) })}
        />
      ) : null}

      {value.freq === 'monthly_weekday' ? (
        <div>
          <label
            htmlFor={`${id}-nth`}
            className="block text-sm font-medium text-stone-700 dark:text-stone-300"
          >
            {t('which', { weekday: weekdayName(weekday, locale) })}
          </label>
          <select
            id={`${id}-nth`}
            value={nthOf(value, start.date)}
            // Chosen for this date: kept while the date stays, the next date typed takes its own.
            onChange={(e) => set({ nth: e.target.value, nthDate: start.date })}
            className={`mt-1.5 ${fieldControlClass(false)}`}
          >
            {MONTH_WEEKS.map((n) => (
              <option key={n} value={String(n)}>
                {t(`nth.${n === -1 ? 'last' : n}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {value.freq === 'monthly_day' && monthDay > 28 ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('skip', { day: monthDay })}</p>
      ) : null}

      {value.freq !== 'never' ? (
        <>
          <EndsChoice
            radio={(ends) => ({
              name: `${id}-ends`,
              checked: value.ends === ends,
              onChange: () => set({ ends }),
            })}
            count={{
              value: value.count,
              disabled: value.ends !== 'count',
              onChange: (e) => set({ count: e.target.value }),
            }}
            until={{
              value: value.until,
              min: startDay ?? undefined,
              disabled: value.ends !== 'until',
              onChange: (e) => set({ until: e.target.value }),
            }}
          />

          <RepeatsError message={message} />

          {ready && !message ? (
            <section aria-live="polite" aria-busy={preview.isFetching} data-testid="repeats-preview">
              <h3 className="text-sm font-semibold text-stone-800 dark:text-stone-100">{t('preview')}</h3>
              {dates.length === 0 ? (
                <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('previewLoading')}</p>
              ) : (
                <ol className="mt-2 space-y-1 text-sm text-stone-700 dark:text-stone-300">
                  {dates.slice(0, PREVIEW_SHOWN).map((d) => (
                    <li key={d.date} className="ps-3 border-s-2 border-brand-600">
                      {d.label}
                    </li>
                  ))}
                  {more > 0 ? (
                    <li className="ps-3 text-stone-600 dark:text-stone-400">{t('more', { count: more })}</li>
                  ) : null}
                </ol>
              )}
            </section>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

/**
 * The Repeats section without JavaScript (docs/PRODUCT.md#recurring-events): every control at once,
 * plain and named for the form's POST to /submit (server/routes/events/submitForm.ts), which checks
 * the rule as the API does; only the preview needs JavaScript, and the section says so.
 */
export function PlainRepeatsField({ value, message }: { value: RepeatsValue; message?: string | undefined }) {
  const { t, i18n } = useTranslation('series');
  const locale = localeOfI18n(i18n);
  const id = useId();
  return (
    <fieldset
      className="space-y-4 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
      data-testid="repeats"
    >
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-stone-800 dark:text-stone-100">
        <Repeat aria-hidden="true" className="size-4 text-brand-700 dark:text-brand-100" />
        {t('legend')}
      </legend>
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('plain.note')}</p>
      <select
        id={`${id}-freq`}
        name={PLAIN_REPEATS_FIELDS.freq}
        aria-label={t('legend')}
        defaultValue={value.freq}
        className={fieldControlClass(false)}
      >
        {(['never', ...REPEAT_FREQUENCIES] as const).map((freq) => (
          <option key={freq} value={freq}>
            {t(`freq.${freq}`)}
          </option>
        ))}
      </select>
      <WeekdayChips
        legend={t('plain.weekdays')}
        locale={locale}
        input={(day) => ({
          name: PLAIN_REPEATS_FIELDS.weekdays,
          value: day,
          defaultChecked: value.weekdays.includes(day),
        })}
      />
      <div>
        <label htmlFor={`${id}-nth`} className={LEGEND}>
          {t('plain.nth')}
        </label>
        <select
          id={`${id}-nth`}
          name={PLAIN_REPEATS_FIELDS.nth}
          defaultValue={value.nth}
          className={`mt-1.5 ${fieldControlClass(false)}`}
        >
          {MONTH_WEEKS.map((n) => (
            <option key={n} value={String(n)}>
              {t(`nth.${n === -1 ? 'last' : n}`)}
            </option>
          ))}
        </select>
      </div>
      <EndsChoice
        radio={(ends) => ({
          name: PLAIN_REPEATS_FIELDS.ends,
          value: ends,
          defaultChecked: value.ends === ends,
        })}
        count={{ name: PLAIN_REPEATS_FIELDS.count, defaultValue: value.count }}
        until={{ name: PLAIN_REPEATS_FIELDS.until, defaultValue: value.until }}
      />
      <RepeatsError message={message} />
    </fieldset>
  );
}

const LEGEND = 'block text-sm font-medium text-stone-700 dark:text-stone-300';

/** The weekday chips, for the form with JavaScript (controlled) and without (named, plain). */
function WeekdayChips({
  legend,
  locale,
  input,
}: {
  legend: string;
  locale: string;
  input: (day: Weekday) => InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <fieldset>
      <legend className={LEGEND}>{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {WEEKDAYS.map((day) => (
          <label
            key={day}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-stone-600 dark:has-checked:border-brand-100 dark:has-checked:bg-brand-900/40"
          >
            <input type="checkbox" {...input(day)} className="size-4 accent-brand-700" />
            {weekdayName(day, locale)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** "Ends": after a number of dates, or on a date; each section gives its inputs' own props. */
function EndsChoice({
  radio,
  count,
  until,
}: {
  radio: (ends: RepeatsValue['ends']) => InputHTMLAttributes<HTMLInputElement>;
  count: InputHTMLAttributes<HTMLInputElement>;
  until: InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useTranslation('series');
  return (
    <fieldset>
      <legend className={LEGEND}>{t('ends')}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" {...radio('count')} className="size-4 accent-brand-700" />
            {t('endsAfter')}
          </label>
          <input
            type="number"
            inputMode="numeric"
            min={2}
            max={60}
            aria-label={t('count')}
            {...count}
            className={fieldControlClass(false)}
          />
        </div>
        <div className="space-y-1.5">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" {...radio('until')} className="size-4 accent-brand-700" />
            {t('endsOn')}
          </label>
          <input type="date" aria-label={t('until')} {...until} className={fieldControlClass(false)} />
        </div>
      </div>
      <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">{t('limits')}</p>
    </fieldset>
  );
}

/** The rule's refusal, read out as it appears. */
function RepeatsError({ message }: { message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="text-sm font-medium text-danger-700 dark:text-red-300"
      data-testid="repeats-error"
    >
      {message}
    </p>
  );
}
