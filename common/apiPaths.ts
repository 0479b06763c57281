/**
 * Paths of the API that the web app and the server both name. Imports nothing: the web app's first
 * load reads it (a value from common/schemas/ would bring zod into it, ~28 KB gzipped).
 */

/** Where the API says who is signed in (`SessionResponse`). */
export const SESSION_PATH = '/api/auth/session';
