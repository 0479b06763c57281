import { acceptedSchema, emailSettingsSchema, NOTIFICATION_KINDS } from '../../common/schemas/account';
import { changeNameSchema, profileSchema, sessionsEndedSchema } from '../../common/schemas/accountSettings';
import { authSuccessSchema } from '../../common/schemas/auth';
import { accountDataSchema } from '../presenters/accountExport';
import { error, type JsonObject, json, schemaOf } from './parts';

/**
 * The account and email endpoints (docs/EMAIL.md) in the OpenAPI document. They serve the web app
 * and people's mail programs rather than other software, but they are part of the API all the same.
 */
const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
const body = (schema: JsonObject) => ({ required: true, content: { 'application/json': { schema } } });

const token = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{43}$',
  description: 'The token after `#token=` in the emailed link.',
};
const tokenQuery = {
  name: 'token',
  in: 'query',
  required: true,
  description: 'The token of the unsubscribe link in the email.',
  schema: { type: 'string' },
};

export const ACCOUNT_TAG = {
  name: 'Account',
  description:
    'Password reset, email verification, email preferences, and the account page: name, password, sessions, ' +
    'a copy of one’s data and deleting the account. Writes need the session cookie and come from this site.',
};

export const accountSchemas: Record<string, JsonObject> = {
  Accepted: schemaOf(acceptedSchema),
  EmailSettings: schemaOf(emailSettingsSchema),
  SignedIn: schemaOf(authSuccessSchema),
  Profile: schemaOf(profileSchema),
  SessionsEnded: schemaOf(sessionsEndedSchema),
  AccountExport: schemaOf(accountDataSchema),
};

const password = { type: 'string', minLength: 1, maxLength: 256 };
const newPassword = { type: 'string', minLength: 6, maxLength: 256 };

/** The account page's own endpoints (docs/PRODUCT.md#your-account). */
const accountSettingsPaths: Record<string, JsonObject> = {
  '/api/account/name': {
    post: {
      operationId: 'changeName',
      tags: ['Account'],
      summary: 'Change the shown name (a name or nickname)',
      description: 'The same rule as at sign-up: 1 to 100 characters after trimming, plain text.',
      requestBody: body(schemaOf(changeNameSchema)),
      responses: {
        '200': json('The person as now stored.', 'Profile'),
        '400': error('Empty, too long, or not plain text (`validation_failed`, with `fields.name`).'),
        '401': error('Not signed in.'),
        '429': error('Too many changes this hour.'),
      },
    },
  },
  '/api/account/password': {
    post: {
      operationId: 'changePassword',
      tags: ['Account'],
      summary: 'Change the password',
      description:
        'Needs the current password. Ends every other session of the account (this one stays) and any ' +
        'unused reset link. Password attempts are limited per account.',
      requestBody: body({
        type: 'object',
        properties: { currentPassword: password, newPassword },
        required: ['currentPassword', 'newPassword'],
      }),
      responses: {
        '200': json('Changed; how many other sessions ended.', 'SessionsEnded'),
        '400': error(
          'The current password is wrong (`auth/wrong-password`), or the new one is too short or too long.',
        ),
        '401': error('Not signed in.'),
        '409': error('The account signs in with Google only and has no password (`no_password`).'),
        '429': error('Too many password attempts for this account.'),
        '503': error('The server is hashing too many passwords right now; try again shortly.'),
      },
    },
  },
  '/api/account/sign-out-everywhere': {
    post: {
      operationId: 'signOutEverywhere',
      tags: ['Account'],
      summary: 'End every session of the account, this one too',
      responses: {
        '200': json('Signed out everywhere; how many other sessions ended.', 'SessionsEnded'),
        '401': error('Not signed in.'),
        '429': error('Too many requests.'),
      },
    },
  },
  '/api/account/export': {
    get: {
      operationId: 'exportAccountData',
      tags: ['Account'],
      summary: 'Download my data',
      description:
        'A JSON file (`Content-Disposition: attachment`) with the profile, every event the person submitted ' +
        'with its status, their reports, and the public log entries about their events. Never a password ' +
        'hash, a session or who moderated.',
      responses: {
        '200': json('The data.', 'AccountExport'),
        '401': error('Not signed in.'),
        '429': error('Too many downloads this hour.'),
      },
    },
  },
  '/api/account/delete': {
    post: {
      operationId: 'deleteAccount',
      tags: ['Account'],
      summary: 'Delete my account',
      description:
        'Confirmed with `password`. An account without one (Google only) sends no field: this session must ' +
        'have signed in to Google again (the pop-up at `GET /api/auth/google/reauthenticate`, which asks ' +
        'Google for a fresh sign-in with the Google account linked to the account) within the last 5 minutes. ' +
        'Events waiting for review are withdrawn; published events and reports stay with no link to the ' +
        'person; sessions, links, email choices and unsent email end. Signs this browser out.',
      requestBody: body({
        type: 'object',
        properties: { password },
      }),
      responses: {
        '200': json('Deleted.', 'Accepted'),
        '400': error(
          'The password is missing or wrong (`validation_failed` or `auth/wrong-password`), for an account that has one.',
        ),
        '401': error('Not signed in.'),
        '403': error(
          'An account without a password that did not confirm with Google on this session in the last 5 minutes ' +
            '(`reauthentication_required`).',
        ),
        '429': error('Too many password attempts for this account.'),
      },
    },
  },
};

export const accountPaths: Record<string, JsonObject> = {
  '/api/auth/forgot-password': {
    post: {
      operationId: 'forgotPassword',
      tags: ['Account'],
      summary: 'Email a link to set a new password',
      description:
        'The same answer whether or not the address has an account; only an account gets the email. ' +
        'The link works once, within an hour. Limited per address and per IP address.',
      requestBody: body({ type: 'object', properties: { email: { type: 'string' } }, required: ['email'] }),
      responses: {
        '202': json('Accepted.', 'Accepted'),
        '400': error('The address is not valid.'),
        '404': error('This server sends no email (`mail_disabled`).'),
        '429': error('Too many requests for this address or from this network.'),
      },
    },
  },
  '/api/auth/reset-password': {
    post: {
      operationId: 'resetPassword',
      tags: ['Account'],
      summary: 'Set a new password with an emailed link',
      description:
        'Uses up the link, sets the password, ends every session of the account, confirms its address and ' +
        'signs this browser in (session cookie).',
      requestBody: body({
        type: 'object',
        properties: { token, password: { type: 'string', minLength: 6 } },
        required: ['token', 'password'],
      }),
      responses: {
        '200': json('The account, now signed in.', 'SignedIn'),
        '400': error('The link expired or was used (`link_expired`), or the password is too short.'),
        '429': error('Too many attempts from this network.'),
      },
    },
  },
  '/api/auth/verify-email': {
    post: {
      operationId: 'verifyEmail',
      tags: ['Account'],
      summary: 'Confirm an address with an emailed link',
      requestBody: body({ type: 'object', properties: { token }, required: ['token'] }),
      responses: {
        '200': json('Confirmed.', 'Accepted'),
        '400': error('The link expired or was used (`link_expired`).'),
        '429': error('Too many attempts from this network.'),
      },
    },
  },
  '/api/account/email': {
    get: {
      operationId: 'getEmailSettings',
      tags: ['Account'],
      summary: 'Own address, whether it is confirmed, and which emails to get',
      responses: { '200': json('The settings.', 'EmailSettings'), '401': error('Not signed in.') },
    },
  },
  '/api/account/email/preferences': {
    post: {
      operationId: 'setEmailPreferences',
      tags: ['Account'],
      summary: 'Turn kinds of email on or off',
      requestBody: body({
        type: 'object',
        properties: {
          notifications: {
            type: 'object',
            propertyNames: { enum: [...NOTIFICATION_KINDS] },
            additionalProperties: { type: 'boolean' },
          },
        },
        required: ['notifications'],
      }),
      responses: {
        '200': json('The settings now.', 'EmailSettings'),
        '400': error('An unknown kind, or not a boolean.'),
        '401': error('Not signed in.'),
        '403': error('A moderators’ kind, asked by someone who is not one.'),
      },
    },
  },
  '/api/account/email/verification': {
    post: {
      operationId: 'sendVerificationEmail',
      tags: ['Account'],
      summary: 'Send the confirmation link again',
      responses: {
        '202': json('Accepted.', 'Accepted'),
        '401': error('Not signed in.'),
        '404': error('This server sends no email (`mail_disabled`).'),
        '409': error('The address is confirmed already.'),
        '429': error('Too many links this hour.'),
      },
    },
  },
  '/unsubscribe': {
    get: {
      operationId: 'unsubscribePage',
      tags: ['Account'],
      summary: 'The page of an email’s unsubscribe link',
      description:
        'Asks before changing anything: opening the link (as mail scanners do) unsubscribes no one.',
      parameters: [tokenQuery],
      responses: {
        '200': html('The question and its button.'),
        '404': html('The link does not work (any more).'),
      },
    },
    post: {
      operationId: 'unsubscribe',
      tags: ['Account'],
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        'Stops the kind of email the link came in. Mail programs POST `List-Unsubscribe=One-Click` (form-encoded ' +
        'or multipart) from their own servers; the link alone authorises it.',
      parameters: [tokenQuery],
      responses: { '200': html('Done.'), '404': html('The link does not work (any more).') },
    },
  },
  ...accountSettingsPaths,
};
