import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PresetReason,
  PresetReasonInput,
  PresetReasonList,
} from '../../../../common/schemas/presetReasons';
import { api, retryUnlessAccessLost, useApiCache } from '../../../lib/api';
import { moderationKeys } from './keys';

/** The moderators' preset reasons (docs/PRODUCT.md#moderation), shared by all: the dialogs choose from them. */
export function usePresetReasons() {
  const { accessChecked } = useApiCache();
  return useQuery({
    queryKey: moderationKeys.presets,
    queryFn: ({ signal }) => accessChecked(api<PresetReasonList>('/api/moderation/reasons', { signal })),
    retry: retryUnlessAccessLost,
  });
}

/** Add a preset (`id` absent), edit one, or delete one (`remove`); the list refreshes after each. */
export function useSavePresetReason() {
  const { afterWrite } = useApiCache();
  return useMutation({
    mutationFn: ({
      id,
      remove,
      ...input
    }: PresetReasonInput & { id?: string; remove?: boolean }): Promise<PresetReason | { deleted: true }> =>
      remove && id
        ? api<{ deleted: true }>(`/api/moderation/reasons/${encodeURIComponent(id)}/delete`, {
            method: 'POST',
            body: {},
          })
        : api<PresetReason>(
            id ? `/api/moderation/reasons/${encodeURIComponent(id)}` : '/api/moderation/reasons',
            {
              method: 'POST',
              body: input,
            },
          ),
    onSettled: (_data, error) => afterWrite(error),
  });
}
