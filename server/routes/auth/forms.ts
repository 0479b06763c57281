import type { FastifyInstance } from 'fastify';
import { safeNextPath } from '../../../common/nextPath';
import { RENDERED_PAGES } from '../../../common/renderedPages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { RenderPostedForm } from '../../html/pages';
import { answerRefusedForm, formFields, registerPostedForms } from '../../html/postedForms';
import type { PasswordAuth } from './password';

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
