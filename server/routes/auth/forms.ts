import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeNextPath } from '../../../common/nextPath';
import type { PostedForm, PostedFormName } from '../../../common/postedForms';
import { RENDERED_PAGES } from '../../../common/renderedPages';
import { assertSameOrigin } from '../../auth/csrf';
import type { AppContext } from '../../context';
import { AppError, errorBody } from '../../errors';
import type { RenderPostedForm } from '../../html/pages';
import type { PasswordAuth } from './password';

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

/**
 * `POST /auth`: the sign-in page's forms without JavaScript (`intent` says which), checked and counted
 * as the JSON API's (server/routes/auth/password.ts). Signed in, the browser goes on to `?next=` (a path
 * of this site only) or home with a 303; refused, it gets the form again with the messages and what was
 * typed, the password left out.
 */
export function registerAuthForms(
  app: FastifyInstance,
  ctx: AppContext,
  auth: PasswordAuth,
  render: RenderPostedForm,
): void {
  registerPostedForms(
    app,
    (scope) => {
      scope.post<{ Querystring: { next?: string } }>(RENDERED_PAGES.auth, async (request, reply) => {
        const fields = formFields(request.body);
        const intent = fields.intent === 'signUp' ? 'signUp' : 'signIn';
        const body =
          intent === 'signUp'
            ? { name: fields.name ?? '', email: fields.email ?? '', password: fields.password ?? '' }
            : { email: (fields.email ?? '').trim(), password: fields.password ?? '' };
        try {
          if (intent === 'signUp') await auth.signUp(request, reply, body);
          else await auth.signIn(request, reply, body);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const values: Record<string, string> = { email: fields.email ?? '' };
          if (intent === 'signUp') values.name = fields.name ?? '';
          return answerRefusedForm(request, reply, render, 'auth', error, intent, values);
        }
        const next = safeNextPath(typeof request.query.next === 'string' ? request.query.next : null) ?? '/';
        return reply.header('Cache-Control', 'no-store').redirect(next, 303);
      });
    },
    ctx,
  );
}
