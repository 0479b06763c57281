import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { mailEnabled } from '../env';
import { MailSender } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app server's outbox sender; null when it sends no email (no SMTP_URL and MAIL_FROM). */
    mailSender: MailSender | null;
  }
}

/** Start delivering the outbox once the app is ready, and stop when it closes (docs/EMAIL.md). */
export function registerMailSender(app: FastifyInstance, { store, env }: AppContext): void {
  const sender = mailEnabled(env) ? new MailSender(store, env, app.log) : null;
  app.decorate('mailSender', sender);
  if (!sender) return;
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
}
