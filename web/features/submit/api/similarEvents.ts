import { useQuery } from '@tanstack/react-query';
import type { SimilarEvents, SimilarQuery } from '../../../../common/schemas/queue';
import { api, queryString } from '../../../lib/api';

/**
 * GET /api/events/similar: published events like the one being typed (the submit form's gentle
 * warning, docs/PRODUCT.md#submit). Nothing is asked until `query` is complete.
 */
export function useSimilarEvents(query: SimilarQuery | null) {
  return useQuery({
    queryKey: ['similar', query],
    queryFn: ({ signal }) =>
      api<SimilarEvents>(`/api/events/similar${queryString({ ...query })}`, { signal }),
    enabled: query !== null,
    staleTime: 60_000,
    retry: false,
  });
}
