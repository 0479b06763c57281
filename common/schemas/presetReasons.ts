import { z } from 'zod';
import { msg } from '../i18n/messages';
import { PRESET_REASON_KINDS } from '../moderationEnums';
import { reasonText } from './text';

/**
 * The moderators' preset reasons (docs/PRODUCT.md#moderation): rejection and removal reasons kept to
 * choose from in the reason dialog, shared by every moderator.
 */
export const presetReasonSchema = z.object({
  id: z.string(),
  kind: z.enum(PRESET_REASON_KINDS),
  text: z.string(),
});
export type PresetReason = z.infer<typeof presetReasonSchema>;

export const presetReasonListSchema = z.object({ items: z.array(presetReasonSchema) });
export type PresetReasonList = z.infer<typeof presetReasonListSchema>;

const TEXT_REQUIRED = msg('moderation.presetTextRequired');

/** A new preset, or an edit of one: what it is for and its words (as a reason is checked). */
export const presetReasonInputSchema = z.object({
  kind: z.enum(PRESET_REASON_KINDS, {
    error: msg('param.oneOf', { param: 'kind', values: PRESET_REASON_KINDS.join(', ') }),
  }),
  text: reasonText(TEXT_REQUIRED, 'reason'),
});
export type PresetReasonInput = z.input<typeof presetReasonInputSchema>;
