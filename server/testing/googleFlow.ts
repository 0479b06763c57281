import type { GoogleSignInResult } from '../../common/schemas/auth';
import { type GoogleTestProvider, startGoogleTestProvider } from './googleTestProvider';
import { startTestServer, type TestServer } from './harness';

/**
 * A Google pop-up walked over HTTP as a browser would (API tests): our start address → the provider
 * (server/testing/googleTestProvider.ts) → our callback, carrying the flow cookie and, when given, the
 * session cookie. Sign-in starts at /api/auth/google/start, re-authentication at /reauthenticate.
 */

/** A test server signing in with a local OpenID Connect provider standing in for Google. */
export async function startGoogleTestServer(): Promise<{
  provider: GoogleTestProvider;
  server: TestServer;
  stop: () => Promise<void>;
}> {
  const provider = await startGoogleTestProvider();
  const server = await startTestServer({ env: provider.env });
  // The harness listens on a port chosen at start, so the public address is only known now; the
  // callback URL sent to the provider is built from it at each request.
  server.env.PUBLIC_URL = server.url;
  return {
    provider,
    server,
    stop: async () => {
      await server.close();
      await provider.stop();
    },
  };
}

/** The `name=value` pair a response set ('' if none). */
export const cookiePair = (res: Response, name: string): string =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

/** The outcome the result page hands to the opener (its meta tag). */
export function resultOf(html: string): GoogleSignInResult {
  const match = /<meta name="google-sign-in-result" content="([^"]*)">/.exec(html);
  if (!match?.[1]) throw new Error(`no result in ${html}`);
  return JSON.parse(match[1].replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))));
}

export interface GoogleFlow {
  /** Where /start or /reauthenticate sent the browser (the provider's authorization URL). */
  authorizationUrl: URL;
  callback: Response;
  html: string;
  result: GoogleSignInResult;
  /** The `sid=…` pair the callback set ('' if none). */
  session: string;
}

export async function walkGoogleFlow(
  server: TestServer,
  startPath: '/api/auth/google/start' | '/api/auth/google/reauthenticate',
  options: {
    /** The browser's session cookie (`sid=…`), sent to both ends. */
    session?: string;
    /** The session cookie the callback gets, when it differs (signed in as someone else meanwhile). */
    sessionAtCallback?: string;
    /** From this address (X-Forwarded-For), so a test's many flows stay within the per-IP limit. */
    ip?: string | undefined;
    /** The browser's languages, sent to both ends of ours. */
    acceptLanguage?: string | undefined;
    /** What the browser sends back of the flow cookie (a test may tamper with it or drop it). */
    flowCookie?: ((real: string) => string) | undefined;
  } = {},
): Promise<GoogleFlow> {
  const via: Record<string, string> = {
    ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
  };
  const withCookies = (...pairs: (string | undefined)[]) => {
    const cookie = pairs.filter(Boolean).join('; ');
    return cookie ? { ...via, cookie } : via;
  };
  const start = await server.fetch(startPath, { redirect: 'manual', headers: withCookies(options.session) });
  if (start.status !== 302) throw new Error(`${startPath} answered ${start.status}: ${await start.text()}`);
  const authorizationUrl = new URL(start.headers.get('location') ?? '');
  const realFlow = cookiePair(start, 'oidc_flow');
  const flow = options.flowCookie ? options.flowCookie(realFlow) : realFlow;
  const atProvider = await fetch(authorizationUrl, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') ?? '', authorizationUrl);
  if (
    atProvider.status !== 302 ||
    `${back.origin}${back.pathname}` !== `${server.url}/api/auth/google/callback`
  )
    throw new Error(`the provider answered ${atProvider.status}, to ${back.href}`);
  const callback = await server.fetch(`${back.pathname}${back.search}`, {
    headers: withCookies(options.sessionAtCallback ?? options.session, flow),
  });
  const html = await callback.text();
  return { authorizationUrl, callback, html, result: resultOf(html), session: cookiePair(callback, 'sid') };
}
