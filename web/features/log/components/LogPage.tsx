import { BadgeCheck, BadgeX, Ban, Info, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { formatRelative } from '../../../../common/dateLabels';
import { formatShortDateTime } from '../../../../common/dates';
import { LIMITS } from '../../../../common/limits';
import { eventPagePath } from '../../../../common/links';
import { reasonText } from '../../../../common/moderationEnums';
import type { LogEntry, LogScope } from '../../../../common/schemas/log';
import { SignInButton } from '../../../components/SignInButton';
import { ButtonLink } from '../../../components/ui/Button';
import { Card, Placeholders, SkeletonBlock, SkeletonLines } from '../../../components/ui/Card';
import { LoadFailed, StateMessage } from '../../../components/ui/Notice';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, pagerLabels, usePageCount } from '../../../components/ui/Pager';
import { addCatalog, localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { useHydrated } from '../../../lib/useHydrated';
import messages from '../../../locales/en/log.json';
import { pageFromParam, useLog } from '../api/log';
import { LogStatsSection } from './LogStatsSection';

addCatalog('log', messages);

/** Each kind of entry's icon and colours: rejections amber, removals red, verification green. */
const ICONS: Record<LogEntry['action'], typeof Ban> = {
  rejected: Ban,
  removed: Trash2,
  verified: BadgeCheck,
  unverified: BadgeX,
};
const TONES: Record<LogEntry['action'], string> = {
  rejected: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  removed: 'bg-danger-50 text-danger-700 dark:bg-red-950 dark:text-red-200',
  verified: 'bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-100',
  unverified: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200',
};

function EntryCard({ entry }: { entry: LogEntry }) {
  const { t, i18n } = useTranslation('log');
  const locale = localeOfI18n(i18n);
  const Icon = ICONS[entry.action];
  const hydrated = useHydrated();
  return (
    <Card className="p-5 sm:p-6" data-testid="log-entry">
      <article aria-labelledby={`log-${entry.id}`} className="flex gap-4">
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full ${
            TONES[entry.action]
          }`}
        >
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3 id={`log-${entry.id}`} className="text-base font-semibold text-stone-900 dark:text-stone-50">
              {t(`heading.${entry.action}`)}
            </h3>
            <time dateTime={entry.createdAt} className="text-sm text-stone-600 dark:text-stone-400">
              {/* The server knows neither the reader's zone nor their clock: UTC until the page runs. */}
              {hydrated ? (
                <>
                  {formatShortDateTime(entry.createdAt, undefined, locale)} ·{' '}
                  {formatRelative(entry.createdAt, new Date(), locale)}
                </>
              ) : (
                `${formatShortDateTime(entry.createdAt, 'UTC', locale)} UTC`
              )}
            </time>
          </div>
          <dl className="space-y-1 text-sm text-stone-800 dark:text-stone-200">
            <div className="flex flex-wrap gap-x-1.5">
              <dt className="font-medium">{t('eventId')}:</dt>
              <dd className="min-w-0 break-all">
                <code className="font-mono text-xs">{entry.eventId}</code>
                {entry.eventTitle ? (
                  <>
                    {' · '}
                    <Link
                      to={eventPagePath(entry.eventId)}
                      dir="auto"
                      className="font-medium wrap-anywhere text-brand-700 underline underline-offset-2 dark:text-brand-100"
                    >
                      {entry.eventTitle}
                    </Link>
                  </>
                ) : null}
                {entry.seriesDates ? ` · ${t('common:repeats.dates', { count: entry.seriesDates })}` : null}
              </dd>
            </div>
            {entry.reason ? (
              <div className="flex flex-wrap gap-x-1.5">
                <dt className="font-medium">{t('reason')}:</dt>
                <dd dir="auto" className="min-w-0 wrap-anywhere whitespace-pre-line">
                  {reasonText(entry.reason, t)}
                </dd>
              </div>
            ) : null}
          </dl>
          <p className="text-xs text-stone-600 dark:text-stone-400">
            {entry.moderator ? t('takenByNamed', { name: entry.moderator.name }) : t('takenBy')}
          </p>
        </div>
      </article>
    </Card>
  );
}

function LogSkeletons() {
  const { t } = useTranslation('log');
  return (
    <div aria-busy="true" className="space-y-4" data-testid="log-skeletons">
      <p className="sr-only" role="status">
        {t('loading')}
      </p>
      <Placeholders count={LIMITS.logSkeletons}>
        <Card className="flex gap-4 p-5 sm:p-6">
          <SkeletonBlock className="size-10 shrink-0 rounded-full" />
          <div className="flex-1 space-y-3">
            <SkeletonBlock className="h-5 w-2/3" />
            <SkeletonLines className="space-y-3" widths={['w-1/2', 'w-3/4']} />
          </div>
        </Card>
      </Placeholders>
    </div>
  );
}

/** The log's address at a page (`/log?page=2`): pages are links, so they work without JavaScript too. */
const logPageHref = (page: number) => (page > 1 ? `/log?page=${page}` : '/log');

function Entries({ scope }: { scope: Exclude<LogScope, 'none'> }) {
  const { t } = useTranslation('log');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = pageFromParam(params.get('page'));
  const listRef = useRef<HTMLUListElement>(null);
  const log = useLog(page);
  const pages = usePageCount(log.data, page, (to) => navigate(logPageHref(to), { replace: true }));

  if (log.isPending) return <LogSkeletons />;
  // A failed load says so, politely, and offers a retry (docs/PRODUCT.md#departures).
  if (log.isError) {
    return (
      <LoadFailed
        tone="warning"
        message={t('loadError')}
        retryLabel={t('tryAgain')}
        onRetry={() => void log.refetch()}
      />
    );
  }
  if (log.data.entries.length === 0 && log.data.total > 0) {
    // An address past the last page (an old link): the browser moves to the last page once it runs;
    // without JavaScript, a link there, never "nothing was ever removed".
    return (
      <StateMessage
        title={t('pastEnd.title')}
        text={t('pastEnd.text')}
        action={<ButtonLink to={logPageHref(pages)}>{t('pastEnd.action')}</ButtonLink>}
      />
    );
  }
  if (log.data.entries.length === 0) {
    return (
      <StateMessage title={t('empty.title')} text={t(`empty.${log.data.scope === 'all' ? 'all' : scope}`)} />
    );
  }
  return (
    <div className="space-y-4">
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={t('entries')}
        className="scroll-mt-24 space-y-4 outline-none"
      >
        {log.data.entries.map((entry) => (
          <li key={entry.id}>
            <EntryCard entry={entry} />
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pages={pages}
        hrefFor={logPageHref}
        onNavigate={() => {
          // The new page reads from its first entry, as a new page of the app would.
          listRef.current?.scrollIntoView({ block: 'start' });
          listRef.current?.focus({ preventScroll: true });
        }}
        labels={pagerLabels(t, page, pages)}
      />
    </div>
  );
}

/** /log (docs/PRODUCT.md#transparency-log): entries by role, and the public figures for everyone. */
export default function LogPage() {
  const { t } = useTranslation('log');
  useDocumentTitle(t('title'));
  const session = useSession();
  const user = session.data?.user ?? null;
  const scope: LogScope | null = session.isPending
    ? null
    : !user
      ? 'none'
      : user.role === 'moderator'
        ? 'all'
        : 'own';

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:py-10">
      <PageHeader title={t('title')} intro={t('intro')} />

      <section
        aria-labelledby="about-log"
        className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50 p-5 text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-50"
      >
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-2">
          <h2 id="about-log" className="font-semibold">
            {t('about.title')}
          </h2>
          {scope ? (
            <p className="text-sm" data-testid="about-text">
              {t(`about.${scope}`)}
            </p>
          ) : (
            <SkeletonBlock className="h-4 w-64" />
          )}
        </div>
      </section>

      <section aria-label={t('entries')}>
        {scope === null ? (
          <LogSkeletons />
        ) : scope === 'none' ? (
          <Card className="flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
            <p className="text-stone-800 dark:text-stone-200">{t('signInPrompt')}</p>
            <SignInButton>{t('signIn')}</SignInButton>
          </Card>
        ) : (
          <Entries scope={scope} />
        )}
      </section>

      <LogStatsSection />
    </div>
  );
}
