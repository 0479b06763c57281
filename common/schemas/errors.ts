import { z } from 'zod';

/** A message's stable code (a key of web/locales/<lang>/messages.json) and its parameters. */
export const messageRefSchema = z.object({
  code: z.string().describe('The message’s stable code, e.g. `field.tooLong`.'),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('What the message puts in its place-holders; `label` names the field (a key of `fields`).'),
});
export type MessageRefDto = z.infer<typeof messageRefSchema>;

/**
 * Every error the API sends has this shape (docs/PRODUCT.md#messages): `code` is stable, `message` is
 * for people, in the request's language, and `messageCode` with `messageParams` say which message it
 * is, for programs that word it themselves.
 */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable code of the refusal, e.g. `validation_failed`, `not_found`.'),
      message: z
        .string()
        .describe(
          'For people, in the request’s language: `?lang=`, then the `lang` cookie, then `Accept-Language`, ' +
            'then English.',
        ),
      messageCode: z
        .string()
        .optional()
        .describe(
          'Stable code of `message` (the key of the web app’s `messages` catalog); absent for the few ' +
            'messages that have none (a malformed request body).',
        ),
      messageParams: messageRefSchema.shape.params,
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('Per-field messages of a refused form, by field name, in the request’s language.'),
      fieldCodes: z
        .record(z.string(), messageRefSchema)
        .optional()
        .describe('The code and parameters of each field’s message, where it has one.'),
    }),
  })
  .describe('An error: a stable code, and a message for people in the request’s language.');
export type ApiError = z.infer<typeof apiErrorSchema>;
