import { diffWordsWithSpace } from 'diff';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { dateTimeFormat, formatEventDateTime, formatShortDateTime } from '../../../../common/dates';
import { EVENT_FORM_FIELDS, type EventFormField } from '../../../../common/eventForm';
import type { ModerationChange } from '../../../../common/schemas/moderation';
import { repeatsText } from '../../../../common/seriesText';
import { EventFlyer } from '../../../components/EventFlyer';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import flyerCatalog from '../../../locales/en/flyer.json';
import seriesCatalog from '../../../locales/en/series.json';
import submitCatalog from '../../../locales/en/submit.json';

// The form's own field names ("Event Title", "End Time"…): moderators compare what the submitter saw.
addCatalog('submit', submitCatalog);
addCatalog('flyer', flyerCatalog);
addCatalog('series', seriesCatalog);

/** Fields whose value is a choice: shown by the label the form gives it. */
const CHOICES: Partial<Record<EventFormField, string>> = {
  attendance: 'submit:fields.attendanceOptions',
  placeVisibility: 'submit:fields.placeVisibilityOptions',
  type: 'common:eventTypes',
};

/** Text long enough that a change of a word or a link is lost when the whole is struck through. */
const WORD_COMPARED: ReadonlySet<EventFormField> = new Set(['description', 'accessibility']);

/**
 * A form value as the moderator reads it: a day with its weekday ("Friday, December 18, 2026", so a
 * move to a Saturday shows), a time as the language writes it; anything else as typed.
 */
function formValue(field: EventFormField, value: string, locale: string): string {
  if ((field === 'date' || field === 'endDate') && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dateTimeFormat(locale, {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(`${value}T00:00:00Z`));
  }
  if ((field === 'time' || field === 'endTime') && /^\d{2}:\d{2}$/.test(value)) {
    return dateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(
      new Date(`1970-01-01T${value}:00Z`),
    );
  }
  return value;
}

/** Words taken out (struck through) or put in (underlined), each named for screen readers. */
function WordChange({
  kind,
  label,
  children,
}: {
  kind: 'removed' | 'added';
  label: string;
  children: string;
}) {
  const Tag = kind === 'removed' ? 'del' : 'ins';
  return (
    <Tag
      className={
        kind === 'removed'
          ? 'rounded-sm bg-red-100 text-red-900 line-through decoration-red-700 dark:bg-red-950 dark:text-red-100 dark:decoration-red-300'
          : 'rounded-sm bg-green-100 text-green-900 underline decoration-green-700 dark:bg-green-950 dark:text-green-100 dark:decoration-green-300'
      }
    >
      <span className="sr-only">[{label}: </span>
      {children}
      <span className="sr-only">]</span>
    </Tag>
  );
}

/**
 * A proposed change, field by field (docs/PRODUCT.md#my-events): only the fields it changes, each as
 * published and as proposed, in the form's order and words; for a series' new rule, the rule before and
 * after in words and the dates it adds and withdraws (docs/PRODUCT.md#recurring-events).
 */
export function ChangeComparison({ change }: { change: ModerationChange }) {
  const { t, i18n } = useTranslation('moderation');
  const locale = localeOfI18n(i18n);
  const changed = EVENT_FORM_FIELDS.filter((field) => {
    // The hours only matter with the rule that uses them.
    if (field === 'placeHoursBefore' && change.proposed.placeVisibility !== 'hours_before') return false;
    return change.current[field] !== change.proposed[field];
  });
  // A new, changed or removed flyer is part of the change (docs/PRODUCT.md#flyers).
  const imageChanged =
    change.currentImage?.id !== change.proposedImage?.id ||
    change.currentImage?.alt !== change.proposedImage?.alt;
  const flyer = (image: ModerationChange['currentImage']) =>
    image ? (
      <span className="block">
        <EventFlyer image={image} sizes="12rem" className="block h-auto max-h-48 w-auto max-w-full rounded" />
        <span dir="auto" className="mt-1 block text-xs wrap-anywhere">
          {image.alt}
        </span>
      </span>
    ) : (
      <span className="text-stone-500 italic dark:text-stone-400">{t('flyer:noImage')}</span>
    );
  const series = change.series;
  const ruleText = (rule: NonNullable<ModerationChange['series']>['current']) =>
    `${repeatsText(t, rule, locale)} · ${t('common:repeats.dates', { count: rule.total })}`;
  const ruleChanged =
    series !== undefined &&
    (ruleText(series.current) !== ruleText(series.proposed) ||
      series.added.length > 0 ||
      series.removed.length > 0);
  const shown = (field: EventFormField, value: string) => {
    if (!value) return <span className="text-stone-500 italic dark:text-stone-400">{t('change.empty')}</span>;
    const choice = CHOICES[field];
    return (
      <span dir="auto" className="wrap-anywhere whitespace-pre-line">
        {choice ? t(`${choice}.${value}`, { defaultValue: value }) : formValue(field, value, locale)}
      </span>
    );
  };
  /** Long text compared word by word: what goes is marked on the left, what comes on the right. */
  const marked = (field: EventFormField) => {
    // Each part keyed by where it starts in the whole sequence of parts (unique, and never reordered).
    let at = 0;
    const parts = diffWordsWithSpace(change.current[field], change.proposed[field]).map((part) => {
      const key = `${at}`;
      at += part.value.length;
      return { ...part, key };
    });
    const side = (which: 'removed' | 'added') => (
      <span dir="auto" className="wrap-anywhere whitespace-pre-line">
        {parts.map((part) =>
          part[which] ? (
            <WordChange
              key={part.key}
              kind={which}
              label={t(which === 'removed' ? 'change.removedWords' : 'change.addedWords')}
            >
              {part.value}
            </WordChange>
          ) : part.added || part.removed ? null : (
            <span key={part.key}>{part.value}</span>
          ),
        )}
      </span>
    );
    return { before: side('removed'), after: side('added') };
  };
  return (
    <section
      aria-labelledby="change-title"
      className="rounded-lg border border-blue-200 bg-blue-50/60 p-4 dark:border-blue-900 dark:bg-blue-950/30"
      data-testid="change-comparison"
    >
      <h3 id="change-title" className="font-semibold text-stone-900 dark:text-stone-50">
        {t('change.title')}
      </h3>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {t('change.intro', { date: formatShortDateTime(change.createdAt, undefined, locale) })}
        {change.scope ? ` ${t(`change.scope.${change.scope}`)}` : null}
      </p>
      {changed.length === 0 && !imageChanged && !ruleChanged ? (
        <p className="mt-3 text-sm">{t('change.none')}</p>
      ) : (
        <dl className="mt-3 space-y-3 text-sm">
          {changed.map((field) =>
            WORD_COMPARED.has(field) && change.current[field] && change.proposed[field] ? (
              <ComparedRow
                key={field}
                testId={`change-field-${field}`}
                label={t(`submit:fields.${field}`)}
                {...marked(field)}
                struck={false}
              />
            ) : (
              <ComparedRow
                key={field}
                testId={`change-field-${field}`}
                label={t(`submit:fields.${field}`)}
                before={shown(field, change.current[field])}
                after={shown(field, change.proposed[field])}
              />
            ),
          )}
          {series && ruleChanged ? (
            <>
              <ComparedRow
                testId="change-field-repeats"
                label={t('series:legend')}
                before={ruleText(series.current)}
                after={ruleText(series.proposed)}
              />
              <SeriesDateList
                testId="change-dates-added"
                label={t('change.datesAdded')}
                dates={series.added}
                zone={series.timezone}
              />
              <SeriesDateList
                testId="change-dates-removed"
                label={t('change.datesRemoved')}
                dates={series.removed}
                zone={series.timezone}
                struck
              />
            </>
          ) : null}
          {imageChanged ? (
            <ComparedRow
              testId="change-field-image"
              label={t('flyer:comparison')}
              before={flyer(change.currentImage)}
              after={flyer(change.proposedImage)}
              struck={false}
            />
          ) : null}
        </dl>
      )}
    </section>
  );
}

/** The dates a new rule adds or withdraws, as the site writes them in the series' zone. */
function SeriesDateList({
  testId,
  label,
  dates,
  zone,
  struck = false,
}: {
  testId: string;
  label: string;
  dates: string[];
  zone: string;
  struck?: boolean;
}) {
  const { t, i18n } = useTranslation('moderation');
  const locale = localeOfI18n(i18n);
  return (
    <div data-testid={testId}>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
        {label}
      </dt>
      <dd className="mt-1">
        {dates.length === 0 ? (
          <span className="text-stone-500 italic dark:text-stone-400">{t('change.noDates')}</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {dates.map((date) => (
              <li
                key={date}
                className={`rounded bg-white px-2 py-1 text-stone-800 dark:bg-stone-900 dark:text-stone-200 ${struck ? 'line-through decoration-stone-400' : 'ring-1 ring-blue-300 dark:ring-blue-800'}`}
              >
                {formatEventDateTime(date, zone, locale)}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

/** One compared field: its name, then the published value (struck through) and the proposed one. */
function ComparedRow({
  testId,
  label,
  before,
  after,
  struck = true,
}: {
  testId: string;
  label: string;
  before: ReactNode;
  after: ReactNode;
  /** Text is struck through; a picture is not. */
  struck?: boolean;
}) {
  const { t } = useTranslation('moderation');
  return (
    <div data-testid={testId}>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
        {label}
      </dt>
      <dd className="mt-1 grid gap-1 sm:grid-cols-[1fr_auto_1fr] sm:items-start sm:gap-2">
        <span
          className={`rounded bg-white px-2 py-1 text-stone-700 dark:bg-stone-900 dark:text-stone-300 ${struck ? 'line-through decoration-stone-400' : ''}`}
        >
          <span className="sr-only">{t('change.before')}: </span>
          {before}
        </span>
        <ArrowRight
          aria-hidden="true"
          className="hidden size-4 self-center text-stone-500 sm:block rtl:rotate-180"
        />
        <span className="rounded bg-white px-2 py-1 font-medium text-stone-900 ring-1 ring-blue-300 dark:bg-stone-900 dark:text-stone-50 dark:ring-blue-800">
          <span className="sr-only">{t('change.after')}: </span>
          {after}
        </span>
      </dd>
    </div>
  );
}
