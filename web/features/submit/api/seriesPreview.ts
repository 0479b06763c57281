import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RepeatRuleInput, SeriesPreview } from '../../../../common/schemas/series';
import { api } from '../../../lib/api';

/** Where and when a recurring event starts, and how it repeats: what the preview is asked for. */
export interface PreviewRequest {
  date: string;
  time: string;
  timezone: string;
  repeats: RepeatRuleInput;
}

/**
 * POST /api/series/preview (docs/PRODUCT.md#recurring-events): the dates a rule gives, as the site will
 * show them, in the page's language. The server works them out, so the form carries no rule code.
 */
export function useSeriesPreview(request: PreviewRequest | null) {
  return useQuery({
    queryKey: ['series', 'preview', request] as const,
    queryFn: ({ signal }) =>
      api<SeriesPreview>('/api/series/preview', { method: 'POST', body: request, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
