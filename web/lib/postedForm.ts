import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PostedForm, type PostedFormName, postedFormKey } from '../../common/postedForms';
import { type ApiRequestError, apiErrorOf } from './api';

/** A form the server answered without JavaScript, with the refusal as the app's requests would see it. */
export interface PostedFormState extends Omit<PostedForm, 'error'> {
  error: ApiRequestError;
}

/**
 * The form this page was rendered with after the server refused it (common/postedForms.ts), read once:
 * the page starts from it, on the server and in the browser alike, and a later visit starts afresh.
 */
export function usePostedForm(form: PostedFormName): PostedFormState | null {
  const client = useQueryClient();
  const [posted] = useState(() => {
    const data = client.getQueryData<PostedForm>(postedFormKey(form));
    return data ? { ...data, error: apiErrorOf(data.status, data.error) } : null;
  });
  useEffect(() => {
    client.removeQueries({ queryKey: postedFormKey(form), exact: true });
  }, [client, form]);
  return posted;
}
