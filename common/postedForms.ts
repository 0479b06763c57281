/**
 * Forms the server answers without JavaScript (docs/ARCHITECTURE.md#rendering-and-the-hot-path): a
 * plain POST to the page's own address. When the server refuses it, it renders the page again with
 * what was sent (passwords never) and the refusal exactly as the API would have answered it, handed to
 * the page under `postedFormKey(form)` in the query cache it was rendered from, so the browser hydrates
 * the same form.
 */
export type PostedFormName = 'auth' | 'submit';

export const postedFormKey = (form: PostedFormName) => ['postedForm', form] as const;

export interface PostedForm {
  /** Which of the page's forms was sent (sign in or sign up). */
  intent: string;
  /** The fields as sent, passwords left out. */
  values: Record<string, string>;
  /** The refusal's status and body, as the JSON API answers them. */
  status: number;
  error: unknown;
}
