import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, CalendarPlus, Code, ExternalLink, Rss } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { EVENT_TYPES, isEventType } from '../../../../common/enums';
import {
  type FeedFilters,
  filtersFromParams,
  isNearKm,
  NEAR_KM,
  type NearKm,
} from '../../../../common/filters';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../../common/i18n/languages';
import { EMBED_LIMIT_CHOICES, LIMITS } from '../../../../common/limits';
import { EMBED_THEMES, type EmbedTheme, filterQuery } from '../../../../common/links';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useTranslation } from '../../../i18n/react';
import { api } from '../../../lib/api';
import { config } from '../../../lib/config';
import { Link, useSearchParams } from '../../../lib/router';
import { useSiteOrigin } from '../../../lib/siteOrigin';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { CALENDAR_NS } from '../catalog';
import { feedLinks } from '../links';
import { CopyField } from './CopyField';

/** Typing pauses this long before the addresses (and the preview) follow. */
const TYPING_DEBOUNCE_MS = 300;

const fieldClass =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 ' +
  'placeholder:text-stone-500 sm:text-sm dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100 ' +
  'dark:placeholder:text-stone-400';
const labelClass = 'mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200';

/** The page's query: the home page's feed filters (its own rules), the embed's size and its theme. */
function filtersFrom(params: URLSearchParams): FeedFilters & { limit: number; theme: EmbedTheme } {
  const { type, location, search, near, km } = filtersFromParams(params);
  const limit = Number(params.get('limit'));
  const theme = params.get('theme');
  return {
    type,
    location,
    search,
    near,
    km,
    limit: (EMBED_LIMIT_CHOICES as readonly number[]).includes(limit) ? limit : LIMITS.embedDefault,
    theme: (EMBED_THEMES as readonly (string | null)[]).includes(theme) ? (theme as EmbedTheme) : 'auto',
  };
}

/** The form's id: without JavaScript its fields are sent as the page's query (`GET /subscribe`). */
const FORM_ID = 'subscribe-choices';

/** One of the page's controls under its label. */
function LabelledControl({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

function Section({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2
          id={id}
          className="flex items-center gap-2.5 text-lg font-semibold text-stone-900 dark:text-white"
        >
          <span className="text-brand-700 dark:text-brand-100">{icon}</span>
          {title}
        </h2>
        {text ? (
          <p className="mt-2 text-sm leading-relaxed text-stone-700 dark:text-stone-300">{text}</p>
        ) : null}
        <div className="mt-4 space-y-4">{children}</div>
      </section>
    </Card>
  );
}

/** "Embed and subscribe": the calendar feed, the RSS feed and the embed snippet, for chosen filters. */
export default function SubscribePage() {
  const { t, i18n } = useTranslation(CALENDAR_NS);
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [params, setParams] = useSearchParams();
  const origin = useSiteOrigin();
  // The address is read once; from then on the fields lead and the address follows.
  const [initial] = useState(() => filtersFrom(params));
  const [type, setType] = useState<FeedFilters['type']>(initial.type);
  const [location, setLocation] = useState(initial.location);
  const [search, setSearch] = useState(initial.search);
  const [near, setNear] = useState(initial.near);
  const [km, setKm] = useState<NearKm>(initial.km);
  const [limit, setLimit] = useState(initial.limit);
  const [theme, setTheme] = useState<EmbedTheme>(initial.theme);
  const [applied, setApplied] = useState<FeedFilters>({
    type: initial.type,
    location: initial.location,
    search: initial.search,
    near: initial.near,
    km: initial.km,
  });
  const ids = {
    type: useId(),
    location: useId(),
    search: useId(),
    near: useId(),
    km: useId(),
    limit: useId(),
    theme: useId(),
  };

  useDocumentTitle(t('page.title'));

  // The addresses follow the fields after a pause in typing; the page's own address keeps the choice.
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = { type, location: location.trim(), search: search.trim(), near: near.trim(), km };
      setApplied(next);
      const query = filterQuery(next, limit === LIMITS.embedDefault ? {} : { limit: String(limit) });
      setParams(new URLSearchParams(query), { replace: true });
    }, TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [type, location, search, near, km, limit, setParams]);

  // The free-text filters differ only in these; their words are page.<name> and page.<name>Placeholder.
  const textFilters = [
    { name: 'location', type: 'text', value: location, set: setLocation, maxLength: LIMITS.locationMax },
    { name: 'search', type: 'search', value: search, set: setSearch, maxLength: LIMITS.searchMax },
    { name: 'near', type: 'text', value: near, set: setNear, maxLength: LIMITS.locationMax },
  ] as const;

  // A city the calendar does not know gives feeds that stay empty: say so, in the list's own words.
  const nearCheck = useQuery({
    queryKey: ['subscribe', 'near', applied.near],
    queryFn: ({ signal }) =>
      api<{ near?: { city: unknown; message?: string } }>(
        `/api/events?near=${encodeURIComponent(applied.near)}&pageSize=1`,
        { signal },
      ),
    enabled: applied.near !== '',
    staleTime: 60_000,
  });
  const unknownNear =
    applied.near !== '' && nearCheck.data?.near && nearCheck.data.near.city === null
      ? (nearCheck.data.near.message ?? null)
      : null;
  const nearHintId = useId();

  const frameTitle = t('frameTitle', { siteTitle: config.siteTitle });
  const links = feedLinks(origin, applied, { limit, theme, frameTitle, language });

  const applyButton = (
    <button type="submit" form={FORM_ID} className={buttonClass('secondary', 'md')}>
      {t('page.apply')}
    </button>
  );

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to={`/${filterQuery(applied)}`}
        className="inline-flex items-center gap-1.5 rounded-md py-1 text-sm font-medium text-stone-700 hover:text-brand-700 hover:underline dark:text-stone-300 dark:hover:text-brand-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('page.back')}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-stone-950 dark:text-white">
        {t('page.title')}
      </h1>
      <p className="mt-3 max-w-2xl text-stone-700 dark:text-stone-300">{t('page.intro')}</p>

      <div className="mt-8 space-y-6">
        <Card className="p-5 sm:p-6">
          <form id={FORM_ID} method="get" action="/subscribe" onSubmit={(e) => e.preventDefault()}>
            <fieldset>
              <legend className="text-lg font-semibold text-stone-900 dark:text-white">
                {t('page.filtersTitle')}
              </legend>
              <div className="mt-4 grid gap-4 sm:grid-cols-3">
                <LabelledControl id={ids.type} label={t('page.type')}>
                  <select
                    id={ids.type}
                    name="type"
                    value={type}
                    onChange={(e) => setType(isEventType(e.target.value) ? e.target.value : 'all')}
                    className={fieldClass}
                  >
                    <option value="all">{t('page.allTypes')}</option>
                    {EVENT_TYPES.map((value) => (
                      <option key={value} value={value}>
                        {t(`common:eventTypes.${value}`)}
                      </option>
                    ))}
                  </select>
                </LabelledControl>
                {textFilters.map((filter) => (
                  <LabelledControl key={filter.name} id={ids[filter.name]} label={t(`page.${filter.name}`)}>
                    <input
                      id={ids[filter.name]}
                      name={filter.name}
                      type={filter.type}
                      value={filter.value}
                      maxLength={filter.maxLength}
                      placeholder={t(`page.${filter.name}Placeholder`)}
                      onChange={(e) => filter.set(e.target.value)}
                      className={fieldClass}
                      aria-invalid={filter.name === 'near' && unknownNear ? true : undefined}
                      aria-describedby={filter.name === 'near' && unknownNear ? nearHintId : undefined}
                    />
                    {filter.name === 'near' && unknownNear ? (
                      <p
                        id={nearHintId}
                        role="status"
                        className="mt-1.5 text-sm text-danger-700 dark:text-red-300"
                      >
                        {unknownNear}
                      </p>
                    ) : null}
                  </LabelledControl>
                ))}
                <LabelledControl id={ids.km} label={t('page.distance')}>
                  <select
                    id={ids.km}
                    name="km"
                    value={km}
                    onChange={(e) => {
                      const value = Number(e.target.value);
                      if (isNearKm(value)) setKm(value);
                    }}
                    className={fieldClass}
                  >
                    {NEAR_KM.map((value) => (
                      <option key={value} value={value}>
                        {t('page.km', { km: value })}
                      </option>
                    ))}
                  </select>
                </LabelledControl>
              </div>
            </fieldset>
            {/* The addresses follow the fields as they change; without JavaScript, once the form is sent. */}
            <noscript>
              <div className="mt-4 flex justify-end">{applyButton}</div>
            </noscript>
          </form>
        </Card>

        <Section
          icon={<CalendarPlus aria-hidden="true" className="size-5" />}
          title={t('page.calendarTitle')}
          text={t('page.calendarText')}
        >
          <div className="flex flex-wrap gap-3">
            <a href={links.webcal} className={buttonClass('primary', 'md')}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {t('page.openInApp')}
            </a>
            <a
              href={links.googleSubscribe}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'md')}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('page.addGoogle')}
            </a>
          </div>
          <CopyField label={t('page.feedUrl')} value={links.calendar} />
          <p className="text-sm text-stone-600 dark:text-stone-300">{t('page.calendarHint')}</p>
        </Section>

        <Section
          icon={<Rss aria-hidden="true" className="size-5" />}
          title={t('page.rssTitle')}
          text={t('page.rssText')}
        >
          <a href={links.rss} className={buttonClass('secondary', 'md')}>
            <Rss aria-hidden="true" className="size-4" />
            {t('page.openRss')}
          </a>
          <CopyField label={t('page.rssUrl')} value={links.rss} />
        </Section>

        <Section
          icon={<Code aria-hidden="true" className="size-5" />}
          title={t('page.embedTitle')}
          text={t('page.embedText')}
        >
          <LabelledControl id={ids.limit} label={t('page.limit')} className="max-w-48">
            <select
              id={ids.limit}
              name="limit"
              form={FORM_ID}
              value={limit}
              onChange={(e) => setLimit(Number(e.target.value))}
              className={fieldClass}
            >
              {EMBED_LIMIT_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </LabelledControl>
          <LabelledControl id={ids.theme} label={t('page.theme')} className="max-w-sm">
            <select
              id={ids.theme}
              name="theme"
              form={FORM_ID}
              value={theme}
              onChange={(e) => setTheme(e.target.value as EmbedTheme)}
              className={fieldClass}
            >
              {EMBED_THEMES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`page.themes.${choice}`)}
                </option>
              ))}
            </select>
          </LabelledControl>
          <noscript>{applyButton}</noscript>
          <CopyField label={t('page.snippet')} value={links.snippet} multiline />
          <div>
            <h3 className="text-sm font-medium text-stone-800 dark:text-stone-200">{t('page.preview')}</h3>
            <iframe
              src={links.embed}
              title={t('page.previewFrame')}
              loading="lazy"
              className="mt-1.5 h-[28rem] w-full rounded-lg border border-stone-300 bg-white dark:border-stone-600"
            />
          </div>
        </Section>

        <Section
          icon={<BookOpen aria-hidden="true" className="size-5" />}
          title={t('page.apiTitle')}
          text={t('page.apiText')}
        >
          <div className="flex flex-wrap gap-3">
            <a href="/api/docs" className={buttonClass('secondary', 'sm')}>
              <BookOpen aria-hidden="true" className="size-4" />
              {t('page.apiDocs')}
            </a>
            <a href="/api/openapi.json" className={buttonClass('ghost', 'sm')}>
              {t('page.openapi')}
            </a>
          </div>
        </Section>
      </div>
    </div>
  );
}
