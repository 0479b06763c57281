import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { msg } from '../../../../common/i18n/messages';
import { eventPagePath } from '../../../../common/links';
import type { EditResult, EventEditState } from '../../../../common/schemas/ownership';
import { MessageWith } from '../../../components/MessageWith';
import { NotFoundState, SignInRequired } from '../../../components/PageStates';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { LoadFailed, Notice } from '../../../components/ui/Notice';
import { Spinner } from '../../../components/ui/Spinner';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { isNotFound } from '../../../lib/api';
import type { EditedState } from '../../../lib/editedState';
import { sayMessage, useMessages } from '../../../lib/messages';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router';
import { useSeries } from '../../../lib/series';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import seriesCatalog from '../../../locales/en/series.json';
import submitCatalog from '../../../locales/en/submit.json';
import { useEditEvent, useEditState } from '../api/editEvent';
import { EditSeriesForm } from './EditSeriesForm';
import { SubmitEventForm } from './SubmitEventForm';

addCatalog('submit', submitCatalog);
addCatalog('series', seriesCatalog);

/** Which words the page uses: a moderator's edit, or the submitter's by the event's status. */
function modeOf(
  state: EventEditState,
  moderatorEdit: boolean,
): 'Moderator' | 'Pending' | 'Rejected' | 'Approved' {
  if (moderatorEdit) return 'Moderator';
  if (state.status === 'rejected') return 'Rejected';
  if (state.status === 'approved') return 'Approved';
  return 'Pending';
}

function EditForm({ state, moderatorEdit }: { state: EventEditState; moderatorEdit: boolean }) {
  const { t } = useTranslation('submit');
  const navigate = useNavigate();
  const send = useEditEvent(state.id, state.version);
  const tm = useMessages();
  const mode = modeOf(state, moderatorEdit);
  // The submitter carries on from the change they proposed; a moderator edits what is published.
  const fromChange = !moderatorEdit && state.change?.status === 'pending';
  const initial = fromChange && state.change ? state.change.values : state.values;
  const initialImage = (fromChange ? state.change?.image : state.image) ?? null;
  // A published date of a series is not changed alone while a change to every date waits: accepted
  // after it, each would undo the other's fields on this date (docs/PRODUCT.md#recurring-events).
  const seriesChangeWaiting =
    !moderatorEdit && state.status === 'approved' && state.seriesChange?.status === 'pending';
  if (seriesChangeWaiting && state.seriesId) {
    return (
      <>
        <header className="mb-6">
          <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl dark:text-white">
            {t(`edit.heading${mode}`)}
          </h1>
        </header>
        <Notice tone="warning" className="mb-4">
          {sayMessage({ code: 'series.changeWaiting' }, tm, msg('series.changeWaiting'))}
        </Notice>
        <ButtonLink to={`${eventPagePath(state.id)}/edit?series=${encodeURIComponent(state.seriesId)}`}>
          {t('series:edit.action')}
        </ButtonLink>
      </>
    );
  }
  return (
    <>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl dark:text-white">
          {t(`edit.heading${mode}`)}
        </h1>
        <p className="mt-2 text-stone-700 dark:text-stone-300">{t(`edit.intro${mode}`)}</p>
      </header>
      {state.schedule === 'postponed' ? (
        <Notice tone="info" className="mb-4">
          {t(moderatorEdit ? 'edit.postponedModerator' : 'edit.postponed')}
        </Notice>
      ) : null}
      {!moderatorEdit && state.change?.status === 'pending' ? (
        <Notice tone="warning" className="mb-4">
          {t('edit.changePending')}
        </Notice>
      ) : null}
      {!moderatorEdit && state.change?.status === 'rejected' ? (
        <Notice tone="warning" className="mb-4">
          {t('edit.changeRejected')}{' '}
          {state.change.reason ? (
            <span>
              <MessageWith message={(reason) => t('edit.reason', { reason })} value={state.change.reason} />
            </span>
          ) : null}
        </Notice>
      ) : null}
      <Card className="p-5 sm:p-8">
        <SubmitEventForm<EditResult>
          initial={initial}
          initialImage={initialImage}
          sender={{
            send,
            submitLabel: t(`edit.submit${mode}`),
            submittingLabel: t(`edit.submitting${mode}`),
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

/** A change its submitter proposed waits for review, on this date or for every date of its series. */
const changeWaits = (state: EventEditState) =>
  state.status === 'approved' &&
  (state.change?.status === 'pending' || state.seriesChange?.status === 'pending');

/** /event/:id/edit (docs/PRODUCT.md#my-events): the submit form, filled in from the event. */
export default function EditEventPage() {
  const { t } = useTranslation('submit');
  const tm = useMessages();
  const { id = '' } = useParams();
  const session = useSession();
  const user = session.data?.user;
  const query = useEditState(id, Boolean(user));
  // `?series=<id>`: "Edit every date" of the series this event is a date of.
  const [params] = useSearchParams();
  const seriesId = params.get('series') ?? undefined;
  const series = useSeries(seriesId, Boolean(user && seriesId));
  useDocumentTitle(t('edit.pageTitle'));

  const back = (
    <Link
      to={eventPagePath(id)}
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('edit.back')}
    </Link>
  );

  let content: ReactNode;
  if (session.isPending) {
    content = <Spinner label={t('edit.checking')} className="py-24" />;
  } else if (!user) {
    content = (
      <SignInRequired
        title={t('edit.signInRequired.title')}
        text={t('edit.signInRequired.text')}
        action={t('edit.signInRequired.action')}
      />
    );
  } else if (query.isError && isNotFound(query.error)) {
    content = (
      <NotFoundState
        title={t('edit.notFoundTitle')}
        text={t('edit.notFoundText')}
        action={<ButtonLink to="/my-events">{t('edit.notFoundAction')}</ButtonLink>}
      />
    );
  } else if (query.isError) {
    content = (
      <LoadFailed
        message={t('edit.loadFailed')}
        retryLabel={t('edit.tryAgain')}
        onRetry={() => query.refetch()}
      />
    );
  } else if (!query.data) {
    content = <Spinner label={t('edit.loading')} className="py-24" />;
  } else if (query.data.status === 'removed' || query.data.status === 'withdrawn') {
    content = (
      <>
        {back}
        <Notice tone="warning">{t('edit.notEditable')}</Notice>
      </>
    );
  } else if (session.data?.can.moderate === true && changeWaits(query.data)) {
    // The submitter's proposed change is decided first: a moderator's edit would lose it or be undone by it.
    content = (
      <>
        {back}
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-stone-950 sm:text-3xl dark:text-white">
          {t('edit.headingModerator')}
        </h1>
        <Notice tone="warning" className="mb-4">
          {sayMessage({ code: 'event.decideChangeFirst' }, tm, msg('event.decideChangeFirst'))}
        </Notice>
        <ButtonLink to="/moderation">{t('edit.openPending')}</ButtonLink>
      </>
    );
  } else {
    const moderatorEdit = session.data?.can.moderate === true;
    content = (
      <>
        {back}
        {seriesId ? (
          series.data ? (
            // Not keyed by version: the refresh after sending must not remount the form before it navigates.
            <EditSeriesForm key={series.data.id} state={query.data} series={series.data} />
          ) : (
            <Spinner label={t('edit.loading')} className="py-24" />
          )
        ) : (
          // Keyed by the event, not its version: when it changes meanwhile (another tab, a moderator), the
          // refresh must not throw away what is being typed; the next send is based on the new version.
          <EditForm key={query.data.id} state={query.data} moderatorEdit={moderatorEdit} />
        )}
      </>
    );
  }
  return <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12">{content}</div>;
}
