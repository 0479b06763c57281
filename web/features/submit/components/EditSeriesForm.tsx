import { Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { eventPagePath } from '../../../../common/links';
import type { EditResult, EventEditState } from '../../../../common/schemas/ownership';
import type { SeriesDto } from '../../../../common/schemas/series';
import { Card } from '../../../components/ui/Card';
import { addCatalog } from '../../../i18n/index';
import type { EditedState } from '../../../lib/editedState';
import seriesCatalog from '../../../locales/en/series.json';
import { useEditSeries } from '../api/editEvent';
import { SubmitEventForm } from './SubmitEventForm';

addCatalog('series', seriesCatalog);

/**
 * "Edit every date" (docs/PRODUCT.md#recurring-events): the submit form, filled in from a date of the
 * series, sent to POST /api/series/:id/edit: every date still to come takes it, each on its own day.
 */
export function EditSeriesForm({ state, series }: { state: EventEditState; series: SeriesDto }) {
  const { t } = useTranslation('series');
  const navigate = useNavigate();
  const send = useEditSeries(series.id, series.version);
  return (
    <>
      <header className="mb-6">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl dark:text-white">
          <Repeat aria-hidden="true" className="size-6 shrink-0 text-brand-700 dark:text-brand-100" />
          {t('edit.heading')}
        </h1>
        <p className="mt-2 text-stone-700 dark:text-stone-300">{t('edit.intro')}</p>
      </header>
      <Card className="p-5 sm:p-8">
        <SubmitEventForm<Pick<EditResult, 'outcome'>>
          initial={state.values}
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
