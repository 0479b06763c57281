import type { z } from 'zod';
import type { FieldLabel } from '../i18n/messages';
import { hasRefusedCharacter, refusedCharacterMessage, type TextKind } from '../text';

/**
 * The one check every user-text field of the contract runs: no control or bidi-override characters
 * (common/text.ts). Add it last, after the length checks (which abort), so it only reads bounded text.
 */
export const plainText = <S extends z.ZodString>(schema: S, label: FieldLabel, kind: TextKind = 'line'): S =>
  schema.refine((text) => !hasRefusedCharacter(text, kind), refusedCharacterMessage(label));
