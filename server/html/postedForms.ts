import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PostedForm, PostedFormName } from '../../common/postedForms';
import { assertSameOrigin } from '../auth/csrf';
import type { AppContext } from '../context';
import { type AppError, errorBody } from '../errors';
import type { RenderPostedForm } from './pages';

/** A form's fields as the browser sent them (`application/x-www-form-urlencoded`): text values only. */
export function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/**
 * Forms posted without JavaScript (docs/ARCHITECTURE.md#rendering-and-the-hot-path): each one posts to
 * its page's own address, in a plugin of its own so that only these routes read form bodies (the API
 * reads JSON only). Cross-site posts are refused exactly as for the API (server/auth/csrf.ts).
 */
export function registerPostedForms(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
  { env }: AppContext,
): void {
  app.register(async (scope) => {
    // Before the body is read: a forged post costs nothing more.
    scope.addHook('onRequest', async (request) => assertSameOrigin(request, env));
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    register(scope);
  });
}

/**
 * The page again, with what was sent and the refusal the API would have answered (its status, its
 * Retry-After), in the request's language.
 */
export async function answerRefusedForm(
  request: FastifyRequest,
  reply: FastifyReply,
  render: RenderPostedForm,
  form: PostedFormName,
  error: AppError,
  intent: string,
  values: Record<string, string>,
): Promise<FastifyReply> {
  const data: PostedForm = {
    intent,
    values,
    status: error.statusCode,
    error: errorBody(error.code, error.message, request.language, error.fields),
  };
  if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
  const page = await render(request, reply, { form, data });
  return reply
    .code(error.statusCode)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}
