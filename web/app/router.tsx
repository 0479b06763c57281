import { type ComponentType, createElement, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { renderedPageOf } from '../../common/renderedPages';
import { trackLoad } from '../lib/navigationProgress';
import { Layout } from './Layout';
import { HomePage, preloadMonthView } from './routes/HomePage';

type Page = ComponentType<Record<string, never>>;

/**
 * A page whose code loads when it is first shown (React.lazy), or beforehand with `preload()`: once
 * loaded it renders at once, without suspending. web/main.tsx starts loading the page the server
 * rendered as it starts hydrating, so that page's part is hydrated (and answers clicks) sooner.
 */
function lazyPage(load: () => Promise<{ default: Page }>) {
  let loaded: Page | null = null;
  const loadAndKeep = () =>
    trackLoad(load()).then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page, at module level
  const Component = () => (loaded ? createElement(loaded) : createElement(Lazy));
  return Object.assign(Component, { preload: loadAndKeep });
}

// Home is in the first bundle; every other page loads when it is first visited.
const EventDetailPage = lazyPage(() => import('./routes/EventDetailPage'));
const SubmitPage = lazyPage(() => import('../features/submit/components/SubmitPage'));
const ModerationPage = lazyPage(() => import('../features/moderation/components/ModerationPage'));
const LogPage = lazyPage(() => import('../features/log/components/LogPage'));
const AuthPage = lazyPage(() => import('../features/auth/components/AuthPage'));
const SubscribePage = lazyPage(() => import('../features/calendar/components/SubscribePage'));
const AboutPage = lazyPage(() => import('../features/about/components/AboutPage'));
const MyEventsPage = lazyPage(() => import('../features/mine/components/MyEventsPage'));
const EditEventPage = lazyPage(() => import('../features/submit/components/EditEventPage'));
const AccountPage = lazyPage(() => import('../features/account/components/AccountPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/account/components/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/account/components/ResetPasswordPage'));
const VerifyEmailPage = lazyPage(() => import('../features/account/components/VerifyEmailPage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/**
 * Load the code of a page the server renders (web/entry-server.tsx): home is in the first bundle, but
 * not its month view.
 */
export function preloadPage(pathname: string, search: string): Promise<unknown> {
  const page = renderedPageOf(pathname)?.name;
  if (page === 'event') return EventDetailPage.preload();
  return page === 'home' ? preloadMonthView(search) : Promise.resolve();
}

/** The app's pages; the browser wraps them in BrowserRouter, the server (entry-server.tsx) in StaticRouter. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="event/:id" element={<EventDetailPage />} />
        <Route path="event/:id/edit" element={<EditEventPage />} />
        <Route path="my-events" element={<MyEventsPage />} />
        <Route path="submit" element={<SubmitPage />} />
        <Route path="moderation" element={<ModerationPage />} />
        <Route path="log" element={<LogPage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="subscribe" element={<SubscribePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
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
