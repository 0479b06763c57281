import type { FastifyInstance } from 'fastify';
import { EVENT_FORM_FIELDS } from '../../../common/eventForm';
import { RENDERED_PAGES } from '../../../common/renderedPages';
import { plainRepeatsValues, repeatsOfPlainForm } from '../../../common/series';
import { actorForToken, SESSION_COOKIE } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { RenderPostedForm } from '../../html/pages';
import { answerRefusedForm, formFields, registerPostedForms } from '../../html/postedForms';
import type { SubmitEvent } from './create';

/**
 * `POST /submit`: the submit page's form without JavaScript, checked, counted and stored as
 * `POST /api/events` does (./create.ts), a series too (the Repeats section's plain controls). Stored,
 * the browser is sent to the page's "submitted" state
 * (`/submit?submitted=<id>`) with a 303; refused, it gets the form again with the messages and what
 * was typed (a visitor whose session ended, the "sign in" state).
 */
export function registerSubmitForm(
  app: FastifyInstance,
  ctx: AppContext,
  submit: SubmitEvent,
  render: RenderPostedForm,
): void {
  registerPostedForms(
    app,
    (scope) => {
      scope.post(RENDERED_PAGES.submit, async (request, reply) => {
        const fields = formFields(request.body);
        const values: Record<string, string> = {};
        for (const name of EVENT_FORM_FIELDS) if (fields[name] !== undefined) values[name] = fields[name];
        // The Repeats section's plain controls (docs/PRODUCT.md#recurring-events): a series. Their text
        // goes back with a refused form; the submission gets the rule they give, if any.
        const plain = plainRepeatsValues((request.body ?? {}) as Record<string, unknown>);
        const repeats = repeatsOfPlainForm(plain);
        // The session as every /api request finds it (server/app.ts does so for /api routes only).
        const actor = await actorForToken(ctx.store.db, request.cookies[SESSION_COOKIE]);
        let id: string;
        try {
          id = (await submit(actor, { ...values, repeats })).id;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return answerRefusedForm(request, reply, render, 'submit', error, 'submit', {
            ...values,
            ...plain,
          });
        }
        return reply.header('Cache-Control', 'no-store').redirect(`/submit?submitted=${id}`, 303);
      });
    },
    ctx,
  );
}
