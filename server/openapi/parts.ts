import { z } from 'zod';

/** Building blocks of the OpenAPI document's path modules (accountPaths, ownershipPaths, moderationPaths). */
export type JsonObject = Record<string, unknown>;

/** A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect), without its `$schema` line. */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonObject {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io }) as JsonObject;
  return rest;
}

/** A JSON response whose body is `#/components/schemas/<ref>`. */
export const json = (description: string, ref: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

/** An error response (the `Error` schema). */
export const error = (description: string) => json(description, 'Error');

/** The `{id}` path parameter of one event. */
export const eventIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The event id.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9]{16}$' },
};

/** A required JSON request body: what the caller sends (zod's input side). */
export const jsonBody = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: schemaOf(schema, 'input') } },
});
