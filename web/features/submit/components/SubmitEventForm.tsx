import type { UseMutationResult } from '@tanstack/react-query';
import { LoaderCircle, Send, ShieldCheck } from 'lucide-react';
import {
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatZoneName } from '../../../../common/dateLabels';
import { formatEventRange, zonedDateTimeToInstant } from '../../../../common/dates';
import { ATTENDANCE_MODES, EVENT_TYPES, PLACE_VISIBILITIES } from '../../../../common/enums';
import type { EventImage } from '../../../../common/images';
import { LIMITS } from '../../../../common/limits';
import {
  type EventDto,
  IMAGE_ALT_REQUIRED,
  submissionInstants,
  type ValidEventInput,
} from '../../../../common/schemas/events';
import { browserTimeZone, isValidTimeZone, listTimeZones } from '../../../../common/timezones';
import { zoneName } from '../../../../common/zoneSearch';
import { TimeZoneCombobox } from '../../../components/TimeZoneCombobox';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Notice } from '../../../components/ui/Notice';
import { localeOfI18n } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { ApiRequestError, isSessionEnded, isWorthShowing, useApiCache } from '../../../lib/api';
import { apiErrorText, apiFieldTexts, messageText } from '../../../lib/errorTexts';
import { useMessages } from '../../../lib/messages';
import type { PostedFormState } from '../../../lib/postedForm';
import { useLocation, useNavigate } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { SESSION_ENDED, signInPath } from '../../../lib/signInPath';
import { formTypedBeforeHydration } from '../../../lib/typedBeforeHydration';
import { useHydrated } from '../../../lib/useHydrated';
import { zoneLabel } from '../../../lib/zoneLabel';
import { useSubmitEvent } from '../api/submitEvent';
import {
  clearDraft,
  type FieldErrors,
  type FieldName,
  type FormValues,
  firstInvalidField,
  initialValues,
  postedValues,
  readDraft,
  saveDraft,
  toFieldErrors,
  validateForm,
  withChange,
} from '../lib/form';
import { NO_REPEATS, plainRepeatsValue, type RepeatsValue, repeatsInput, withRepeats } from '../lib/repeats';
import { DuplicateWarning } from './DuplicateWarning';
import { FlyerField } from './FlyerField';
import { PlainRepeatsField, RepeatsField } from './RepeatsField';

/** Fields without the * mark: those with a default and those that may stay empty. */
const OPTIONAL_FIELDS: readonly FieldName[] = [
  'type',
  'organizer',
  'endDate',
  'endTime',
  'attendance',
  'venue',
  'address',
  'placeVisibility',
  'accessibility',
];

/** The event's start, once date, time and zone say it. */
function eventStart(date: string, time: string, timezone: string): Date | null {
  if (!date || !time || !isValidTimeZone(timezone)) return null;
  try {
    const instant = zonedDateTimeToInstant(date, time, timezone);
    return Number.isNaN(instant.getTime()) ? null : instant;
  } catch {
    return null;
  }
}

/**
 * How the event will read on its page, so a time-zone or daylight-saving surprise shows before sending:
 * its range when the end is one the form accepts (docs/PRODUCT.md#events), else its start.
 */
function zonePreview(
  values: FormValues,
  instant: Date | null,
  locale: string,
): { when: string; zone: string } | null {
  if (!instant) return null;
  const endsAt = submissionInstants(values)?.endsAt;
  const end = endsAt && endsAt > instant.getTime() ? new Date(endsAt) : undefined;
  return {
    when: formatEventRange(instant, end, values.timezone, { locale, withTimes: true }),
    zone: formatZoneName(instant, values.timezone, locale),
  };
}

/**
 * What the form sends when it is not a new submission (docs/PRODUCT.md#my-events): an edit, sent by
 * the page's own mutation, with its own button words. A new submission sends to POST /api/events.
 */
export interface FormSender<T> {
  send: UseMutationResult<T, Error, ValidEventInput>;
  submitLabel: string;
  submittingLabel: string;
}

/** Where the form posts without JavaScript (server/routes/events/submitForm.ts): new submissions only. */
export const SUBMIT_FORM_ACTION = '/submit';

/** The zones the plain zone list offers without JavaScript (the combobox needs it), `value` among them. */
function zoneChoices(value: string): string[] {
  return [...new Set([value, 'UTC', ...listTimeZones()])];
}

export function SubmitEventForm<T = EventDto>({
  onSubmitted,
  focusOnMount = false,
  initial,
  sender,
  posted,
  initialImage = null,
  initialRepeats,
}: {
  onSubmitted: (result: T) => void;
  focusOnMount?: boolean;
  /** The form filled in (an edit, a copy); a new submission starts empty or from its kept draft. */
  initial?: FormValues;
  sender?: FormSender<T>;
  /** A submission sent without JavaScript that the server refused: what was sent, and why. */
  posted?: PostedFormState | null;
  /** The flyer the event has (or a waiting change proposes): docs/PRODUCT.md#flyers. */
  initialImage?: EventImage | null;
  /** "Edit every date": the series' rule, which the edit may change (docs/PRODUCT.md#recurring-events). */
  initialRepeats?: RepeatsValue;
}) {
  const { t, i18n } = useTranslation('submit');
  const tm = useMessages();
  const locale = localeOfI18n(i18n);
  const navigate = useNavigate();
  const location = useLocation();
  const cache = useApiCache();
  const session = useSession();
  const submitMutation = useSubmitEvent();
  const mutation = (sender?.send ?? submitMutation) as UseMutationResult<T, Error, ValidEventInput>;
  // Only a new submission keeps a draft across a sign-in: an edit starts again from the event.
  const keepsDraft = sender === undefined;
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  // The server knows neither the person's zone nor their draft: a page it rendered starts in UTC (or
  // as it was sent) and takes the person's zone once it runs, unless the form came back from the server.
  const [renderedByServer] = useState(() => !hydrated);
  const defaultZone = useMemo(() => (hydrated ? browserTimeZone() : 'UTC'), [hydrated]);
  // A draft kept when the session ended mid-submit comes back once; read here, removed in the effect.
  const [draft, setDraft] = useState(() => (keepsDraft && hydrated ? readDraft() : null));
  // What was typed into the server's form before this code ran (a slow phone), read before hydrating
  // sets the fields to the state; given back right after it (below), so that hydrating still finds
  // the page the server rendered.
  const [typed] = useState(() =>
    keepsDraft && !hydrated && !posted && !initial ? formTypedBeforeHydration(SUBMIT_FORM_ACTION) : null,
  );
  const [values, setValues] = useState<FormValues>(
    () =>
      draft ?? (posted ? postedValues(posted.values, 'UTC') : null) ?? initial ?? initialValues(defaultZone),
  );
  const [errors, setErrors] = useState<FieldErrors>(() =>
    posted ? toFieldErrors(apiFieldTexts(posted.error, tm)) : {},
  );
  const [failure, setFailure] = useState<string | null>(() =>
    posted && posted.status >= 400 && posted.status < 500 ? apiErrorText(posted.error, tm) : null,
  );
  const [failed, setFailed] = useState(Boolean(posted));
  const [image, setImage] = useState<EventImage | null>(initialImage);
  const [imageErrors, setImageErrors] = useState<{ alt?: string; image?: string }>({});
  // A new submission may repeat (docs/PRODUCT.md#recurring-events); an edit changes one event, or a
  // whole series and its rule.
  const [repeats, setRepeats] = useState<RepeatsValue>(
    () => initialRepeats ?? (posted ? plainRepeatsValue(posted.values) : NO_REPEATS),
  );
  const repeatable = keepsDraft || initialRepeats !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the server's page comes to life
  useLayoutEffect(() => {
    if (typed) setValues(postedValues(typed, 'UTC'));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the server's page starts to run
  useEffect(() => {
    if (!renderedByServer || posted || initial) return;
    const kept = keepsDraft ? readDraft() : null;
    if (kept) {
      setDraft(kept);
      setValues(kept);
    } else {
      setValues((v) => (v.timezone === 'UTC' ? { ...v, timezone: browserTimeZone() } : v));
    }
  }, []);
  const start = useMemo(
    () => eventStart(values.date, values.time, values.timezone),
    [values.date, values.time, values.timezone],
  );
  // A repeating event's first date may not be the date typed (every Friday from a Wednesday): the
  // Repeats section lists its dates as they will be shown, so the one-date preview is left out.
  const preview = repeatable && repeats.freq !== 'never' ? null : zonePreview(values, start, locale);
  // Offsets in the zone field are those of the event's start once it is known (summer time shows).
  const [now] = useState(() => new Date());
  const zoneInstant = start ?? now;

  const id = (name: FieldName) => `${idPrefix}-${name}`;
  const focusField = (name: FieldName | undefined) => {
    if (!name) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the form first appears
  useEffect(() => {
    if (keepsDraft) clearDraft();
    if (focusOnMount) focusField('title');
  }, []);

  const update = (name: FieldName) => (value: string) => {
    setValues((v) => withChange(v, name, value));
    // Editing a field clears its error (docs/PRODUCT.md#form-messages).
    setErrors((e) => {
      if (!e[name]) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing happens while sign-in is still being checked or while a submission is on its way.
    if (session.isPending || mutation.isPending) return;
    if (!session.data?.user) {
      navigate(signInPath(location));
      return;
    }
    setFailed(false);
    setFailure(null);
    const result = validateForm(values, tm);
    const altMissing = image !== null && !image.alt.trim();
    setImageErrors(altMissing ? { alt: messageText(IMAGE_ALT_REQUIRED, tm) } : {});
    if (!result.ok || altMissing) {
      setErrors(result.ok ? {} : result.errors);
      if (!result.ok) focusField(firstInvalidField(result.errors));
      else formRef.current?.querySelector<HTMLElement>('[name="imageAlt"]')?.focus();
      return;
    }
    setErrors({});
    mutation.mutate(
      withRepeats(
        { ...result.data, image: image ? { id: image.id, alt: image.alt.trim() } : undefined },
        repeatable ? repeatsInput(repeats, values.date) : null,
      ),
      {
        onSuccess: (result) => onSubmitted(result),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'email_unverified') {
            // The address is not confirmed (this page's session was older): the page now says so, and
            // the typing waits for the person's return once they have confirmed it.
            if (keepsDraft) saveDraft(values);
            void cache.refreshSession();
            return;
          }
          if (isSessionEnded(error)) {
            // The session ended since the page loaded: keep the typing, sign in again, come back to it.
            if (keepsDraft) saveDraft(values);
            void cache.refreshSession();
            navigate(signInPath(location), { state: SESSION_ENDED });
            return;
          }
          const texts = error instanceof ApiRequestError ? apiFieldTexts(error, tm) : {};
          const fieldErrors = toFieldErrors(texts);
          setErrors(fieldErrors);
          setImageErrors({ alt: texts['image.alt'], image: texts.image });
          setFailed(true);
          // The server's own words for what people can act on (a field, the rate limit, the network); an
          // edit based on a version changed meanwhile says that the typing is kept, and how to send it.
          if (error instanceof ApiRequestError && error.code === 'stale_version') setFailure(t('edit.stale'));
          else setFailure(isWorthShowing(error) ? apiErrorText(error, tm) : null);
          focusField(firstInvalidField(fieldErrors));
        },
      },
    );
  };

  // field(): a field's id, label (from the catalog), * mark and error. bind(): its control's value.
  // textField(): the whole field, for the plain inputs that differ only in their attributes.
  const online = values.attendance === 'online';
  const field = (name: FieldName) => ({
    id: id(name),
    label: t(`fields.${name}`),
    // City and country may stay empty for an online-only event; a link is needed to join online.
    required:
      name === 'city' || name === 'country'
        ? !online
        : name === 'joinUrl'
          ? values.attendance !== 'in_person'
          : name === 'placeHoursBefore'
            ? values.placeVisibility === 'hours_before'
            : !OPTIONAL_FIELDS.includes(name),
    error: errors[name],
  });
  const bind = (name: FieldName) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      update(name)(e.target.value),
  });
  const textField = (name: FieldName, attributes: InputHTMLAttributes<HTMLInputElement>) => (
    <Field {...field(name)}>{(p) => <input {...p} {...bind(name)} {...attributes} />}</Field>
  );

  const busy = mutation.isPending;
  // Over a limit nothing is wrong with the form: the server's sentence says when to send again.
  const refusal = mutation.error ?? posted?.error;
  const limited = refusal instanceof ApiRequestError && refusal.code === 'rate_limited';
  /**
   * A field that the form shows only for some choices (a link to join for online events…): without
   * JavaScript the choice cannot hide it, so it is there for every choice (the server keeps what the
   * choice needs); React leaves <noscript> alone, so the page that runs shows it as before.
   */
  const withoutJs = (node: ReactNode) => (hydrated ? null : <noscript className="block">{node}</noscript>);
  const venueFields = (
    <div className="grid gap-6 sm:grid-cols-2">
      {textField('venue', {
        type: 'text',
        autoComplete: 'off',
        maxLength: LIMITS.venueMax,
        placeholder: t('fields.venuePlaceholder'),
      })}
      {textField('address', {
        type: 'text',
        autoComplete: 'street-address',
        maxLength: LIMITS.addressMax,
      })}
    </div>
  );
  const joinUrlField = (
    <Field {...field('joinUrl')} hint={t('fields.joinUrlHint')}>
      {(p) => (
        <input {...p} {...bind('joinUrl')} type="url" inputMode="url" dir="ltr" placeholder="https://" />
      )}
    </Field>
  );
  // The rule speaks of what the event has: an address, a link to join, or both. Without JavaScript
  // the attendance chosen cannot change these words, so they name both.
  const placeAttendance = hydrated ? values.attendance : 'both';
  const placeHoursField = textField('placeHoursBefore', {
    type: 'number',
    inputMode: 'numeric',
    min: LIMITS.placeHoursMin,
    max: LIMITS.placeHoursMax,
    step: 1,
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      aria-busy={busy}
      className="space-y-6"
      {...(sender === undefined ? { method: 'post', action: SUBMIT_FORM_ACTION } : {})}
    >
      {draft ? <Notice tone="info">{t('draftRestored')}</Notice> : null}
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('requiredNote')}</p>

      {textField('title', {
        type: 'text',
        dir: 'auto',
        autoComplete: 'off',
        maxLength: LIMITS.titleMax,
        placeholder: t('fields.titlePlaceholder'),
      })}

      <Field {...field('description')}>
        {(p) => (
          <textarea
            {...p}
            {...bind('description')}
            dir="auto"
            rows={6}
            maxLength={LIMITS.descriptionMax}
            placeholder={t('fields.descriptionPlaceholder')}
            className={`${p.className} min-h-36 resize-y`}
          />
        )}
      </Field>

      {/* Only once the page runs: the plain form sends no files (docs/PRODUCT.md#flyers). */}
      {hydrated ? (
        <FlyerField
          image={image}
          onChange={(next) => {
            setImage(next);
            setImageErrors({});
          }}
          altError={imageErrors.alt}
          imageError={imageErrors.image}
        />
      ) : null}

      <div className="grid gap-6 sm:grid-cols-2">
        {textField('date', { type: 'date' })}
        {textField('time', { type: 'time' })}
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        {textField('endDate', { type: 'date', min: values.date || undefined })}
        <Field {...field('endTime')} hint={t('fields.endHint')}>
          {(p) => <input {...p} {...bind('endTime')} type="time" />}
        </Field>
      </div>

      <Field
        {...field('timezone')}
        hint={
          <>
            {/* The person's own zone is known only once the page runs in their browser. */}
            {hydrated
              ? t('fields.timezoneHint', {
                  zone: zoneLabel(t, zoneName(defaultZone, zoneInstant, { locale })),
                })
              : null}
            {preview ? (
              <span className="mt-1 block font-medium text-stone-700 dark:text-stone-300">
                {t('fields.timezonePreview', preview)}
              </span>
            ) : null}
          </>
        }
      >
        {(p) =>
          hydrated ? (
            <TimeZoneCombobox
              {...p}
              name="timezone"
              value={values.timezone}
              onChange={update('timezone')}
              ownZone={defaultZone}
              city={values.city}
              instant={zoneInstant}
            />
          ) : (
            // Without JavaScript, the plain list of zones (each runtime lists its own, so never hydrated).
            <noscript>
              <select {...p} name="timezone" defaultValue={values.timezone}>
                {zoneChoices(values.timezone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </noscript>
          )
        }
      </Field>

      {repeatable && hydrated ? (
        <RepeatsField
          value={repeats}
          onChange={setRepeats}
          start={values}
          submitError={mutation.error}
          always={initialRepeats !== undefined}
        />
      ) : keepsDraft ? (
        // Without JavaScript (the server's page): plain controls the form posts; only the preview needs it.
        withoutJs(
          <PlainRepeatsField
            value={repeats}
            message={
              posted
                ? Object.entries(apiFieldTexts(posted.error, tm)).find(([name]) =>
                    name.startsWith('repeats'),
                  )?.[1]
                : undefined
            }
          />,
        )
      ) : null}

      <Field {...field('attendance')}>
        {(p) => (
          <select {...p} {...bind('attendance')}>
            {ATTENDANCE_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`fields.attendanceOptions.${mode}`)}
              </option>
            ))}
          </select>
        )}
      </Field>

      <div className="grid gap-6 sm:grid-cols-2">
        {textField('city', {
          type: 'text',
          dir: 'auto',
          autoComplete: 'address-level2',
          maxLength: LIMITS.cityMax,
        })}
        {textField('country', {
          type: 'text',
          dir: 'auto',
          autoComplete: 'country-name',
          maxLength: LIMITS.countryMax,
        })}
      </div>

      {online ? withoutJs(venueFields) : venueFields}

      {values.attendance === 'in_person' ? withoutJs(joinUrlField) : joinUrlField}

      {/* The choice across the form's width (its longest option is cut in a half column), the hours under it. */}
      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          {...field('placeVisibility')}
          label={t(`fields.placeVisibilityLabels.${placeAttendance}`)}
          className="sm:col-span-2"
          hint={t(`fields.placeVisibilityHints.${placeAttendance}.${values.placeVisibility}`)}
        >
          {(p) => (
            <select {...p} {...bind('placeVisibility')}>
              {PLACE_VISIBILITIES.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`fields.placeVisibilityOptions.${rule}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {values.placeVisibility === 'hours_before' ? placeHoursField : withoutJs(placeHoursField)}
      </div>

      <Field {...field('type')}>
        {(p) => (
          <select {...p} {...bind('type')}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`common:eventTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field {...field('sourceLink')} hint={t('fields.sourceLinkHint')}>
        {(p) => (
          <input
            {...p}
            {...bind('sourceLink')}
            type="url"
            inputMode="url"
            dir="ltr"
            autoComplete="url"
            maxLength={LIMITS.sourceLinkMax}
            placeholder={t('fields.sourceLinkPlaceholder')}
          />
        )}
      </Field>

      {textField('organizer', {
        type: 'text',
        dir: 'auto',
        autoComplete: 'organization',
        maxLength: LIMITS.organizerMax,
        placeholder: t('fields.organizerPlaceholder'),
      })}

      <Field {...field('accessibility')} hint={t('fields.accessibilityHint')}>
        {(p) => (
          <textarea
            {...p}
            {...bind('accessibility')}
            rows={3}
            maxLength={LIMITS.accessibilityMax}
            placeholder={t('fields.accessibilityPlaceholder')}
            className={`${p.className} resize-y`}
          />
        )}
      </Field>

      <div className="space-y-4 border-t border-stone-200 pt-6 dark:border-stone-800">
        <p className="flex items-start gap-2 text-sm text-stone-600 dark:text-stone-300">
          <ShieldCheck
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-100"
          />
          <span>{t('reviewNote')}</span>
        </p>
        {keepsDraft ? <DuplicateWarning values={values} /> : null}
        {failed ? (
          <Notice tone="error">
            <p className="font-semibold">{limited ? t('limited') : t('failed')}</p>
            {failure ? <p className="mt-1">{failure}</p> : null}
          </Notice>
        ) : null}
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          )}
          {busy ? (sender?.submittingLabel ?? t('submitting')) : (sender?.submitLabel ?? t('submit'))}
        </Button>
      </div>
    </form>
  );
}
