import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OpenID Connect provider standing in for Google in tests (API and browser): real discovery,
 * real signed ID tokens, PKCE checked. Not used by the app itself.
 */
export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  /** When the person last entered their credentials at Google, in seconds (absent unless set, like Google's). */
  auth_time?: number;
}

export interface GoogleTestProvider {
  /** http://127.0.0.1:PORT */
  issuer: string;
  /** GOOGLE_* variables that point the app at this provider. */
  env: { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string; GOOGLE_ISSUER: string };
  /** Who "signs in with Google" from now on. */
  setIdentity(identity: GoogleIdentity): void;
  /** The next authorization stops at an account chooser page, as when a person has not chosen yet. */
  holdNextAuthorization(): void;
  /** The underlying mock (e.g. to make the next authorization fail). */
  server: OAuth2Server;
  stop(): Promise<void>;
}

export const TEST_CLIENT_ID = 'palcal-test-client';

export async function startGoogleTestProvider(): Promise<GoogleTestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url ?? '';
  let identity: GoogleIdentity = {
    sub: 'google-sub-1',
    email: 'person@gmail.example',
    email_verified: true,
    name: 'Google Person',
  };
  // The mock answers at once; a page of its own stands for Google's account chooser.
  const chooser = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Choose an account</title><h1>Choose an account</h1>');
  });
  await new Promise<void>((resolve) => chooser.listen(0, '127.0.0.1', resolve));
  const chooserUrl = `http://127.0.0.1:${(chooser.address() as AddressInfo).port}/choose-account`;
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  return {
    issuer,
    env: {
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_ISSUER: issuer,
    },
    setIdentity(next) {
      identity = next;
    },
    holdNextAuthorization() {
      server.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
        redirect.url.href = chooserUrl;
      });
    },
    server,
    async stop() {
      await server.stop();
      await new Promise((resolve) => chooser.close(resolve));
    },
  };
}
