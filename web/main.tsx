import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startInPageLanguage } from './i18n/index';
import './app.css';
import type { SessionResponse } from '../common/schemas/auth';
import { AppRouter, preloadPage } from './app/router';
import type { PageState } from './entry-server';
import { sessionQueryKey } from './lib/api';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

const root = document.getElementById('root');
// Pages the server rendered (server/html/ssr.ts) carry the answers it used, so nothing is asked twice.
const serverState = document.getElementById('ssr-state');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>
);

function start(): void {
  if (root && serverState?.textContent) {
    const state = JSON.parse(serverState.textContent) as PageState;
    for (const { key, data, updatedAt } of state.queries) queryClient.setQueryData(key, data, { updatedAt });
    // Read once; the cache holds it now (and the page keeps no copy of data that may change).
    serverState.remove();
    // Start loading the code the rendered page needs beyond the first bundle (an event page's chunk;
    // the account menu for someone signed in; both hinted in the HTML too), without waiting for it:
    // whatever has arrived when React gets there hydrates in the same pass, the rest right after.
    const signedIn = state.queries.some(
      ({ key, data }) => key[0] === sessionQueryKey[0] && Boolean((data as SessionResponse | null)?.user),
    );
    void preloadPage(window.location.pathname, window.location.search).catch(() => {});
    if (signedIn) void import('./app/AccountMenu').catch(() => {});
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: the page it already shows stays responsive.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else if (root) {
    createRoot(root).render(app);
  }
}

// The page's language first (its catalogs were hinted in the HTML); English starts at once.
startInPageLanguage().then(start, start);
