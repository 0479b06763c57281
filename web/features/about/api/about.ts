import { useQuery } from '@tanstack/react-query';
import type { AboutPage } from '../../../../common/schemas/about';
import { api } from '../../../lib/api';

/** The cache key and address of the About text (also asked by the server renderer). */
export const aboutQueryKey = ['about'] as const;
export const aboutPath = '/api/about';

/** The About page's text, rendered from the operator's Markdown by the server. */
export function useAbout() {
  return useQuery({
    queryKey: aboutQueryKey,
    queryFn: ({ signal }) => api<AboutPage>(aboutPath, { signal }),
  });
}
