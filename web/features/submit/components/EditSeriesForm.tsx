import { Repeat } from 'lucide-react';
import { isCalendarDate } from '../../../../common/dates';
import { eventPagePath } from '../../../../common/links';
import type { EditResult, EventEditState } from '../../../../common/schemas/ownership';
import type { SeriesDto } from '../../../../common/schemas/series';
import { Card } from '../../../components/ui/Card';
import { Notice } from '../../../components/ui/Notice';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import type { EditedState } from '../../../lib/editedState';
import { useNavigate } from '../../../lib/router';
import seriesCatalog from '../../../locales/en/series.json';
import { useEditSeries } from '../api/editEvent';
import type { FormValues } from '../lib/form';
import { repeatsValueOf } from '../lib/repeats';
import { SubmitEventForm } from './SubmitEventForm';

addCatalog('series', seriesCatalog);

const DAY_MS = 24 * 3600 * 1000;
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The form of a date of the series, moved to the series' first date (where its rule starts). */
function fromFirstDate(values: FormValues, firstDate: string): FormValues {
  if (!values.date || !isCalendarDate(values.date)) return { ...values, date: firstDate };
  const days = Math.round(
    (Date.parse(`${firstDate}T00:00:00Z`) - Date.parse(`${values.date}T00:00:00Z`)) / DAY_MS,
  );
  return {
    ...values,
    date: firstDate,
    endDate:
      values.endDate && isCalendarDate(values.endDate) ? shiftDate(values.endDate, days) : values.endDate,
  };
}

/**
 * "Edit every date" (docs/PRODUCT.md#recurring-events): the submit form, filled in from a date of the
 * series from its first date, with its Repeats section filled in, sent to POST /api/series/:id/edit:
 * every date still to come takes it, each on its own day; a new rule, time or end gives new dates.
 */
export function EditSeriesForm({ state, series }: { state: EventEditState; series: SeriesDto }) {
  const { t } = useTranslation('series');
  const navigate = useNavigate();
  const send = useEditSeries(series.id, series.version);
  // Editing again while a change waits for review starts from it: its fields, its flyer, its rule.
  const proposed = series.proposedRule;
  const fromChange = state.seriesChange?.status === 'pending';
  const values = fromChange && state.seriesChange ? state.seriesChange.values : state.values;
  const image = (fromChange ? state.seriesChange?.image : state.image) ?? null;
  const firstDate = proposed?.firstDate ?? series.firstDate;
  return (
    <>
      <header className="mb-6">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl dark:text-white">
          <Repeat aria-hidden="true" className="size-6 shrink-0 text-brand-700 dark:text-brand-100" />
          {t('edit.heading')}
        </h1>
        <p className="mt-2 text-stone-700 dark:text-stone-300">{t('edit.intro')}</p>
      </header>
      {fromChange ? (
        <Notice tone="warning" className="mb-4">
          {t('submit:edit.changePending')}
        </Notice>
      ) : null}
      <Card className="p-5 sm:p-8">
        <SubmitEventForm<Pick<EditResult, 'outcome'>>
          initial={fromFirstDate(values, firstDate)}
          initialImage={image}
          initialRepeats={repeatsValueOf(proposed?.rule ?? series.rule, firstDate)}
          sender={{
            send,
            submitLabel: t('edit.action'),
            submittingLabel: t('submit:edit.submittingPending'),
          }}
          onSubmitted={(result) => {
            const edited: EditedState = { edited: result.outcome };
            navigate(eventPagePath(state.id), { state: edited });
          }}
        />
      </Card>
    </>
  );
}
