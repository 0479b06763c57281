import { Ban, CalendarCheck, CalendarClock, CircleStop, Clock, PencilLine, Repeat } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { calendarDay, dateTimeFormat, formatEventRange } from '../../../../common/dates';
import type { EventDto } from '../../../../common/schemas/events';
import type { SeriesDto } from '../../../../common/schemas/series';
import { repeatsText } from '../../../../common/seriesText';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { fieldControlClass } from '../../../components/ui/Field';
import { Notice } from '../../../components/ui/Notice';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { errorText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import { useSeries } from '../../../lib/series';
import seriesCatalog from '../../../locales/en/series.json';
import { useEndSeries, useMoveDate } from '../api/series';
import { ActionDialog } from './ActionDialog';
import { editActionOf, editPath } from './OwnerActions';

addCatalog('series', seriesCatalog);

type Occurrence = SeriesDto['occurrences'][number];

/** The 24-hour 'HH:MM' of an instant in `zone`, as a time input holds it. */
const inputTime = (iso: string, zone: string) =>
  dateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/** A date's state in a word, when it is not simply published as announced. */
function stateOf(o: Occurrence): 'pending' | 'withdrawn' | 'cancelled' | 'postponed' | 'moved' | null {
  if (o.status === 'pending') return 'pending';
  if (o.status !== 'approved') return 'withdrawn';
  if (o.schedule === 'cancelled' || o.schedule === 'postponed') return o.schedule;
  return o.moved ? 'moved' : null;
}

/**
 * What a date's schedule buttons say and what each says once done: a date going ahead can be
 * postponed or cancelled, and one postponed or cancelled can go ahead after all. (My events offers
 * these by date for a series: the card's own Cancel event would change its first date only.)
 */
const SCHEDULE_TEXTS = {
  postponed: {
    action: 'dates.postponeDate',
    done: 'dates.postponedDone',
    icon: <CalendarClock aria-hidden="true" className="size-4" />,
  },
  cancelled: {
    action: 'dates.cancelDate',
    done: 'dates.cancelledDone',
    icon: <Ban aria-hidden="true" className="size-4" />,
  },
  scheduled: {
    action: 'dates.reinstateDate',
    done: 'dates.reinstatedDone',
    icon: <CalendarCheck aria-hidden="true" className="size-4" />,
  },
} as const;

/**
 * One date with what its submitter can do: postpone, cancel or reinstate it (asked in the event page's
 * own dialog, with its optional note for attendees), change its time, end the series after it (not on
 * its last date, where there is nothing to end).
 */
function DateRow({
  series,
  title,
  occurrence,
  isLast,
  onDone,
}: {
  series: SeriesDto;
  /** The series' title, which the dialog names with the date. */
  title: string;
  occurrence: Occurrence;
  isLast: boolean;
  onDone: (text: string) => void;
}) {
  const { t, i18n } = useTranslation('series');
  const tm = useMessages();
  const locale = localeOfI18n(i18n);
  const id = useId();
  const zone = series.timezone;
  const [mode, setMode] = useState<'idle' | 'move' | 'end'>('idle');
  const [date, setDate] = useState(() => calendarDay(occurrence.date, zone));
  const [time, setTime] = useState(() => inputTime(occurrence.date, zone));
  const [endTime, setEndTime] = useState(() =>
    occurrence.endDate ? inputTime(occurrence.endDate, zone) : '',
  );
  const [failure, setFailure] = useState<string | null>(null);
  // Focus follows the row's mode: into the new time's first field, or to the question of ending the
  // series; back to the button that opened it on "Keep it".
  const moveButton = useRef<HTMLButtonElement>(null);
  const endButton = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const endQuestion = useRef<HTMLParagraphElement>(null);
  const leftMode = useRef<'move' | 'end' | null>(null);
  useEffect(() => {
    if (mode === 'move') firstField.current?.focus();
    else if (mode === 'end') endQuestion.current?.focus();
    else if (leftMode.current === 'move') moveButton.current?.focus();
    else if (leftMode.current === 'end') endButton.current?.focus();
    leftMode.current = mode === 'idle' ? null : mode;
  }, [mode]);
  const [dialog, setDialog] = useState<keyof typeof SCHEDULE_TEXTS | null>(null);
  const move = useMoveDate();
  const end = useEndSeries();
  const state = stateOf(occurrence);
  const live = occurrence.status === 'approved' || occurrence.status === 'pending';
  const day = calendarDay(occurrence.date, zone);
  const failed = (error: unknown) => setFailure(errorText(error, tm, t('dates.failed')));
  const label = formatEventRange(occurrence.date, occurrence.endDate, zone, { locale });

  const save = (event: FormEvent) => {
    event.preventDefault();
    move.mutate(
      { id: occurrence.id, version: occurrence.version, date, time, endTime },
      { onSuccess: () => onDone(t('dates.movedDone')), onError: failed },
    );
  };

  return (
    <li className="space-y-2 py-3" data-testid="series-date">
      <div className="flex flex-wrap items-center gap-2">
        <span
          id={`${id}-label`}
          className={`text-sm ${state === 'cancelled' || state === 'withdrawn' ? 'line-through' : ''}`}
        >
          {label}
        </span>
        {state ? (
          <Badge tone={state === 'moved' || state === 'pending' ? 'warning' : 'neutral'}>
            {t(`status.${state}`)}
          </Badge>
        ) : null}
        {occurrence.changeWaiting ? <Badge tone="warning">{t('status.changeWaiting')}</Badge> : null}
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {series.canManage && live && mode === 'idle' ? (
        <div className="flex flex-wrap gap-2">
          {occurrence.status === 'approved'
            ? (occurrence.schedule === 'scheduled'
                ? (['postponed', 'cancelled'] as const)
                : (['scheduled'] as const)
              ).map((to) => (
                <Button
                  key={to}
                  size="sm"
                  variant="secondary"
                  aria-describedby={`${id}-label`}
                  onClick={() => setDialog(to)}
                >
                  {SCHEDULE_TEXTS[to].icon}
                  {t(SCHEDULE_TEXTS[to].action)}
                </Button>
              ))
            : null}
          {occurrence.changeWaiting ? (
            // Accepted later, that change would give the date back the time it proposes: its time
            // changes there until it is decided (the server refuses Change time meanwhile).
            <ButtonLink
              to={editPath(occurrence.id)}
              size="sm"
              variant="secondary"
              aria-describedby={`${id}-label`}
            >
              <PencilLine aria-hidden="true" className="size-4" />
              {t('dates.seeChange')}
            </ButtonLink>
          ) : (
            <Button
              ref={moveButton}
              size="sm"
              variant="secondary"
              aria-describedby={`${id}-label`}
              onClick={() => setMode('move')}
            >
              <Clock aria-hidden="true" className="size-4" />
              {t('dates.moveDate')}
            </Button>
          )}
          {isLast ? null : (
            <Button
              ref={endButton}
              size="sm"
              variant="ghost"
              aria-describedby={`${id}-label`}
              onClick={() => setMode('end')}
            >
              <CircleStop aria-hidden="true" className="size-4" />
              {t('dates.endHere')}
            </Button>
          )}
        </div>
      ) : null}
      {dialog ? (
        <ActionDialog
          action={dialog}
          event={{ id: occurrence.id, version: occurrence.version, title: `${title} · ${label}` }}
          open
          onOpenChange={(next) => {
            if (!next) setDialog(null);
          }}
          onDone={() => onDone(t(SCHEDULE_TEXTS[dialog].done))}
        />
      ) : null}
      {mode === 'move' ? (
        <form onSubmit={save} className="grid gap-3 sm:grid-cols-3">
          <label className="text-sm" htmlFor={`${id}-date`}>
            {t('dates.newDate')}
            <input
              ref={firstField}
              id={`${id}-date`}
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className={`mt-1 ${fieldControlClass(false)}`}
            />
          </label>
          <label className="text-sm" htmlFor={`${id}-time`}>
            {t('dates.newTime')}
            <input
              id={`${id}-time`}
              type="time"
              required
              value={time}
              onChange={(e) => setTime(e.target.value)}
              className={`mt-1 ${fieldControlClass(false)}`}
            />
          </label>
          <label className="text-sm" htmlFor={`${id}-end`}>
            {t('dates.newEndTime')}
            <input
              id={`${id}-end`}
              type="time"
              value={endTime}
              onChange={(e) => setEndTime(e.target.value)}
              className={`mt-1 ${fieldControlClass(false)}`}
            />
          </label>
          <div className="flex flex-wrap gap-2 sm:col-span-3">
            <Button size="sm" type="submit" disabled={move.isPending}>
              {t('dates.moveSave')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode('idle')}>
              {t('dates.keep')}
            </Button>
          </div>
        </form>
      ) : null}
      {mode === 'end' ? (
        <div className="space-y-2 rounded-lg bg-stone-50 p-3 dark:bg-stone-900">
          <p ref={endQuestion} tabIndex={-1} className="text-sm outline-none">
            {t('dates.endConfirm', { date: label })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="danger"
              disabled={end.isPending}
              onClick={() =>
                end.mutate(
                  { id: series.id, version: series.version, lastDate: day },
                  {
                    // The question goes with what it asked: this row stays (it is the last date now).
                    onSuccess: () => {
                      leftMode.current = null;
                      setMode('idle');
                      onDone(t('dates.ended', { date: label }));
                    },
                    onError: failed,
                  },
                )
              }
            >
              {t('dates.endAction')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode('idle')}>
              {t('dates.keep')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * A recurring event in My events (docs/PRODUCT.md#recurring-events): shown once, saying how it repeats,
 * with its dates and what can be done with each.
 */
export function SeriesDates({ event }: { event: EventDto }) {
  const { t, i18n } = useTranslation('series');
  const locale = localeOfI18n(i18n);
  const series = useSeries(event.series?.id);
  const hintId = useId();
  const [done, setDone] = useState<{ text: string } | null>(null);
  // What was done is said where focus goes: the date's row is drawn anew, its buttons with it.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  if (!event.series) return null;
  // The last date still going ahead or waiting: ending the series there would end nothing.
  const lastId = series.data?.occurrences
    .filter((o) => o.status === 'approved' || o.status === 'pending')
    .reduce<Occurrence | undefined>((last, o) => (last && last.date > o.date ? last : o), undefined)?.id;
  return (
    <div className="space-y-2">
      <p
        className="flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300"
        data-testid="my-event-repeats"
      >
        <Repeat aria-hidden="true" className="size-4 shrink-0 text-brand-700 dark:text-brand-100" />
        {`${repeatsText(t, event.series, locale)} · ${t('common:repeats.dates', { count: event.series.total })}`}
      </p>
      {done ? (
        <div ref={doneRef} tabIndex={-1} className="outline-none">
          <Notice tone="success" className="text-sm">
            {done.text}
          </Notice>
        </div>
      ) : null}
      {series.data?.canManage &&
      series.data.occurrences.some(
        (o) => o.status === 'approved' || o.status === 'pending' || o.status === 'rejected',
      ) ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ButtonLink
            to={`${editPath(event.id)}?series=${encodeURIComponent(event.series.id)}`}
            size="sm"
            variant="secondary"
            aria-describedby={event.can.edit ? hintId : undefined}
          >
            <PencilLine aria-hidden="true" className="size-4" />
            {t('edit.action')}
          </ButtonLink>
          {/* Beside the card's own button for this date: which of the two changes what. */}
          {event.can.edit ? (
            <p id={hintId} className="text-xs text-stone-600 dark:text-stone-400">
              {t('edit.hint', { dateAction: t(`mine:${editActionOf(event)}`) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {series.data ? (
        <details className="rounded-lg border border-stone-200 px-3 dark:border-stone-700">
          <summary className="cursor-pointer py-2 text-sm font-medium">{t('dates.datesHeading')}</summary>
          <ol className="divide-y divide-stone-200 dark:divide-stone-800">
            {series.data.occurrences.map((occurrence) => (
              <DateRow
                key={`${occurrence.id}-${occurrence.version}`}
                series={series.data}
                title={event.title}
                occurrence={occurrence}
                isLast={occurrence.id === lastId}
                onDone={(text) => setDone({ text })}
              />
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
