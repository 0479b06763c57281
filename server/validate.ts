import type { z } from 'zod';
import { validationFailed } from './errors';
import { assertStorableText } from './storableText';

/** Parse request input with a schema from common/, turning failures into a 400 with field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationFailed(result.error);
  // Valid, but holding NUL or broken Unicode: PostgreSQL refuses such text (server/storableText.ts).
  assertStorableText(result.data);
  return result.data;
}
