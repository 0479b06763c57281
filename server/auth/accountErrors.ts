import { AppError } from '../errors';

/** Refusals of the account and email endpoints (docs/EMAIL.md), each with its stable code. */
export const accountError = {
  /** No SMTP: nothing can be mailed. An operator can still print a reset link (admin reset-link). */
  mailDisabled: () =>
    new AppError(
      404,
      'mail_disabled',
      'This site does not send email. Ask the people who run it for a link to set a new password.',
    ),
  linkExpired: () =>
    new AppError(400, 'link_expired', 'This link has expired or has already been used. Ask for a new one.'),
  alreadyVerified: () =>
    new AppError(409, 'email_already_verified', 'Your email address is already confirmed.'),
  moderatorsOnly: () => new AppError(403, 'forbidden', 'Only moderators can get these emails.'),
};
