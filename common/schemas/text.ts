import { z } from 'zod';
import { type FieldLabel, type Message, msg } from '../i18n/messages';
import { LIMITS } from '../limits';
import { hasRefusedCharacter, refusedCharacterMessage, type TextKind } from '../text';

/**
 * The one check every user-text field of the contract runs: no control or bidi-override characters
 * (common/text.ts). Add it last, after the length checks (which abort), so it only reads bounded text.
 */
export const plainText = <S extends z.ZodString>(schema: S, label: FieldLabel, kind: TextKind = 'line'): S =>
  schema.refine((text) => !hasRefusedCharacter(text, kind), refusedCharacterMessage(label));

/** What zod's `error` takes: one message, or a hook that picks one by the input. */
type NotTextMessage = Message | ((issue: { input?: unknown }) => Message);

/**
 * A text people must write (a title, a name, a reason, a note): trimmed, then `required` when empty,
 * "too long" past `max`, then plainText. `error` answers a value absent or not text (by default
 * `required`).
 */
export const requiredText = (
  required: Message,
  max: number,
  label: FieldLabel,
  kind: TextKind = 'line',
  error: NotTextMessage = required,
) =>
  z
    .string({ error })
    .transform((s) => s.trim())
    .pipe(
      plainText(
        z
          .string()
          .min(1, required)
          .max(max, { message: msg('field.tooLong', { label, max }), abort: true }),
        label,
        kind,
      ),
    );

/** A reason or note a moderator writes (a rejection, a preset, a private note): lines, reasonMax. */
export const reasonText = (required: Message, label: FieldLabel) =>
  requiredText(required, LIMITS.reasonMax, label, 'lines');

/** A reason a moderator may leave out (a removal, a bulk action): blank means none. */
export const optionalReasonText = (label: FieldLabel) =>
  z
    .string({ error: msg('field.notText', { label }) })
    .optional()
    .transform((s) => (s?.trim() ? s.trim() : undefined))
    .pipe(
      plainText(
        z.string().max(LIMITS.reasonMax, {
          message: msg('field.tooLong', { label, max: LIMITS.reasonMax }),
          abort: true,
        }),
        label,
        'lines',
      ).optional(),
    );
