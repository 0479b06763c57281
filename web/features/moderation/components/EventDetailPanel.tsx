import { ExternalLink, MousePointerClick } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatShortDateTime } from '../../../../common/dates';
import { eventPagePath } from '../../../../common/links';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import { EventTypeBadge } from '../../../components/EventBadges';
import { EventFlyer } from '../../../components/EventFlyer';
import { LinkifiedText } from '../../../components/LinkifiedText';
import { Card } from '../../../components/ui/Card';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { Link } from '../../../lib/router';
import { useAreaText } from '../../../lib/useAreaText';
import { zoneLabel } from '../../../lib/zoneLabel';
import { eventDateInZone } from '../lib/format';
import { AuditTrail } from './AuditTrail';
import { ChangeComparison } from './ChangeComparison';
import { CategoryBadge } from './ModerationBadges';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
        {label}
      </dt>
      <dd className="mt-1 text-stone-800 dark:text-stone-200">{children}</dd>
    </div>
  );
}

/** Venue, address and area: moderators always see the exact place. */
function PlaceLines({ event }: { event: ModerationItem['event'] }) {
  const area = useAreaText(event);
  return (
    <>
      {event.venue ? (
        <span className="block font-medium wrap-anywhere" dir="auto">
          {event.venue}
        </span>
      ) : null}
      {event.address ? (
        <span className="block wrap-anywhere" dir="auto">
          {event.address}
        </span>
      ) : null}
      <span className="block wrap-anywhere" dir="auto">
        {area}
      </span>
    </>
  );
}

/** Everything a moderator needs to judge the selected event, then its actions (docs/PRODUCT.md#moderation-dashboard), or a hint to select one. */
export function EventDetailPanel({
  item,
  nav,
  actions,
  notice,
  queue,
}: {
  item: ModerationItem | null;
  /** Previous and Next: the J and K keys as buttons. */
  nav?: ReactNode;
  /** The event's actions: after its description, reports and source (docs/PRODUCT.md#moderation-dashboard). */
  actions?: ReactNode;
  /** Before the actions: another moderator is looking at it (ClaimNotice). */
  notice?: ReactNode;
  /** After the history: "Published without review", notes, the submitter (NotesPanel.tsx). */
  queue?: ReactNode;
}) {
  const { t, i18n } = useTranslation('moderation');
  const locale = localeOfI18n(i18n);
  if (!item) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <MousePointerClick aria-hidden="true" className="size-8 text-stone-400" />
        <h2 className="text-lg font-semibold text-stone-900 dark:text-stone-100">{t('detail.noneTitle')}</h2>
        <p className="text-sm text-stone-600 dark:text-stone-300">{t('detail.noneText')}</p>
      </Card>
    );
  }
  const { event, reports, category } = item;
  const when = eventDateInZone(event.date, event.timezone, {
    end: event.endDate,
    city: event.location.city,
    locale,
  });
  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="detail-panel">
      <div className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <EventTypeBadge type={event.type} />
          <CategoryBadge category={item.change ? 'changed' : category} />
        </div>
        <h2 dir="auto" className="text-xl font-semibold wrap-anywhere text-stone-900 dark:text-stone-50">
          {event.title}
        </h2>
        {nav}
      </div>
      {item.change ? <ChangeComparison change={item.change} /> : null}
      {event.image ? (
        // Seen before approving (docs/PRODUCT.md#flyers), whole, not cropped.
        <figure data-testid="moderation-flyer">
          <EventFlyer
            image={event.image}
            sizes="(min-width: 1024px) 32rem, 100vw"
            className="block h-auto max-h-96 w-auto max-w-full rounded-lg"
          />
        </figure>
      ) : null}
      <dl className="space-y-4 text-sm">
        <Field label={t('detail.description')}>
          <p dir="auto" className="wrap-anywhere whitespace-pre-line">
            <LinkifiedText text={event.description} />
          </p>
        </Field>
        {category === 'reported' || reports.length > 0 ? (
          <Field label={`${t('detail.reports')} (${reports.length})`}>
            {reports.length === 0 ? (
              <p>{t('detail.noReports')}</p>
            ) : (
              <ul className="space-y-2">
                {reports.map((report) => (
                  <li
                    key={report.id}
                    className="rounded-lg border border-red-200 bg-danger-50 px-3 py-2 dark:border-red-900 dark:bg-red-950/40"
                  >
                    <span className="block font-medium text-red-900 dark:text-red-100">
                      {t(`common:reportReasons.${report.reason}`)}
                    </span>
                    <span className="block text-xs text-stone-700 dark:text-stone-300">
                      {t('detail.reportedAt', {
                        date: formatShortDateTime(report.createdAt, undefined, locale),
                      })}
                      {report.reportedBy ? ` · ${t('detail.reporter', { id: report.reportedBy })}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Field>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <a
          href={event.sourceLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('detail.source')}
          <span className="sr-only"> {t('detail.newTab')}</span>
        </a>
        <Link
          to={eventPagePath(event.id)}
          className="font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900 dark:text-stone-200"
        >
          {t('detail.openPage')}
        </Link>
        {event.can.edit ? (
          <Link
            to={`${eventPagePath(event.id)}/edit`}
            className="font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900 dark:text-stone-200"
          >
            {t('detail.edit')}
          </Link>
        ) : null}
      </div>
      {actions ? (
        <div className="space-y-3 border-t border-stone-200 pt-4 dark:border-stone-800">
          {notice}
          {actions}
        </div>
      ) : null}
      <dl className="space-y-4 border-t border-stone-200 pt-4 text-sm dark:border-stone-800">
        <Field label={t('detail.date')}>
          <time dateTime={event.date}>{when.dateTime}</time>
          {when.zone ? (
            <span className="text-stone-600 dark:text-stone-400"> · {zoneLabel(t, when.zone)}</span>
          ) : null}
        </Field>
        <Field label={t('detail.location')}>
          <PlaceLines event={event} />
        </Field>
        <Field label={t('detail.attendance')}>
          {t(`common:event.attendance.${event.attendance}`)}
          {event.joinUrl ? (
            <span className="block break-all" dir="auto">
              {event.joinUrl}
            </span>
          ) : null}
        </Field>
        <Field label={t('detail.placeRule')}>
          {event.placeRule.visibility === 'hours_before'
            ? t('detail.placeRules.hours_before', { count: event.placeRule.hours ?? 0 })
            : t(`detail.placeRules.${event.placeRule.visibility}`)}
        </Field>
        {event.accessibility ? (
          <Field label={t('detail.accessibility')}>
            <p dir="auto" className="wrap-anywhere whitespace-pre-line">
              {event.accessibility}
            </p>
          </Field>
        ) : null}
        {event.schedule !== 'scheduled' ? (
          <Field label={t('detail.schedule')}>
            {t(`common:event.schedules.${event.schedule}`)}
            {event.scheduleNote ? (
              <span dir="auto" className="wrap-anywhere">
                : {event.scheduleNote}
              </span>
            ) : null}
          </Field>
        ) : null}
        {event.organizer ? (
          <Field label={t('detail.organizer')}>
            <span dir="auto" className="wrap-anywhere">
              {event.organizer}
            </span>
          </Field>
        ) : null}
      </dl>
      <AuditTrail eventId={event.id} />
      {queue}
      <p className="border-t border-stone-200 pt-4 text-xs text-stone-600 dark:border-stone-800 dark:text-stone-400">
        {t('detail.submitted', { date: formatShortDateTime(event.createdAt, undefined, locale) })}
        {event.createdBy ? ` · ${t('detail.submitter', { id: event.createdBy })}` : ''}
      </p>
    </Card>
  );
}
