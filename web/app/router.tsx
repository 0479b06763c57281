import { type ComponentType, createElement, lazy } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { HomePage } from '../features/events/components/HomePage';
import { Layout } from './Layout';

type Page = ComponentType<Record<string, never>>;

/**
 * A page whose code loads when it is first shown (React.lazy), or beforehand with `preload()`: once
 * loaded it renders at once, without suspending. web/main.tsx preloads the page the server rendered
 * before hydrating it, so the whole page hydrates in one pass and answers clicks right away.
 */
function lazyPage(load: () => Promise<{ default: Page }>) {
  let loaded: Page | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page, at module level
  const Component = () => (loaded ? createElement(loaded) : createElement(Lazy));
  return Object.assign(Component, { preload: loadAndKeep });
}

// Home is in the first bundle; every other page loads when it is first visited.
const EventDetailPage = lazyPage(() => import('../features/events/components/EventDetailPage'));
const SubmitPage = lazyPage(() => import('../features/submit/components/SubmitPage'));
const ModerationPage = lazyPage(() => import('../features/moderation/components/ModerationPage'));
const LogPage = lazyPage(() => import('../features/log/components/LogPage'));
const AuthPage = lazyPage(() => import('../features/auth/components/AuthPage'));
const SubscribePage = lazyPage(() => import('../features/calendar/components/SubscribePage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

const LAZY_PAGES = [
  ['event/:id', EventDetailPage],
  ['submit', SubmitPage],
  ['moderation', ModerationPage],
  ['log', LogPage],
  ['auth', AuthPage],
  ['subscribe', SubscribePage],
] as const;

/** Load the code of the page at `pathname` (nothing for home, which is in the first bundle). */
export async function preloadPage(pathname: string): Promise<void> {
  if (pathname === '/') return;
  const page = LAZY_PAGES.find(([path]) => matchPath(`/${path}`, pathname))?.[1] ?? NotFoundPage;
  await page.preload();
}

/** The app's pages; the browser wraps them in BrowserRouter, the server (entry-server.tsx) in StaticRouter. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {LAZY_PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
