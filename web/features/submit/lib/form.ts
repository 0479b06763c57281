import {
  EVENT_FORM_FIELDS,
  type EventFormField,
  type EventFormValues,
  emptyEventForm,
} from '../../../../common/eventForm';
import { eventInputSchema, type ValidEventInput } from '../../../../common/schemas/events';
import { issueTexts } from '../../../lib/errorTexts';
import type { Translate } from '../../../lib/messages';

/** The form's fields, in the order they appear (the first invalid one gets focus). */
export const FIELD_ORDER = EVENT_FORM_FIELDS;
export type FieldName = EventFormField;
export type FormValues = EventFormValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const initialValues = emptyEventForm;

function isFieldName(key: string): key is FieldName {
  return (FIELD_ORDER as readonly string[]).includes(key);
}

/**
 * A change to one field, with what follows from it: the end date follows the start date until the
 * person sets one of their own (docs/PRODUCT.md#events).
 */
export function withChange(values: FormValues, name: FieldName, value: string): FormValues {
  const next = { ...values, [name]: value };
  if (name === 'date' && (values.endDate === '' || values.endDate === values.date)) next.endDate = value;
  return next;
}

/** Field messages from the server (or zod) restricted to this form's fields. */
export function toFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) if (isFieldName(key)) errors[key] = message;
  return errors;
}

/**
 * The same schema the server uses, so the form and the API never disagree (docs/PRODUCT.md#form-messages);
 * its messages in the page's language (`t` of web/lib/messages.ts).
 */
export function validateForm(
  values: FormValues,
  t: Translate,
): { ok: true; data: ValidEventInput } | { ok: false; errors: FieldErrors } {
  const result = eventInputSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: toFieldErrors(issueTexts(result.error.issues, t)) };
}

export function firstInvalidField(errors: FieldErrors): FieldName | undefined {
  return FIELD_ORDER.find((name) => errors[name]);
}

/** The form's values from fields sent as text (a kept draft, a form posted without JavaScript). */
export function postedValues(fields: Record<string, unknown>, timezone: string): FormValues {
  const values = initialValues(timezone);
  for (const name of FIELD_ORDER) {
    const value = fields[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/**
 * What someone typed survives a session that ended mid-form: kept in this tab only (sessionStorage) while
 * they sign in again, and removed once the form has shown it again.
 */
const DRAFT_KEY = 'palcal:submit-draft';

export function saveDraft(values: FormValues): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Storage full or disabled: nothing to keep.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing stored.
  }
}

export function readDraft(): FormValues | null {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY);
    if (!text) return null;
    return postedValues(JSON.parse(text) as Record<string, unknown>, 'UTC');
  } catch {
    return null;
  }
}
