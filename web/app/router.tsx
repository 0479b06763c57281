import { type ComponentType, createElement, lazy, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { NEEDS_JAVASCRIPT, type RenderedPageName, renderedPageOf } from '../../common/renderedPages';
import { trackLoad } from '../lib/navigationProgress';
import { Layout } from './Layout';
import { NeedsJavaScript } from './NeedsJavaScript';
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
 * The code of each page the server renders whole (web/entry-server.tsx); home is in the first bundle,
 * but not its month view. Pages that need JavaScript are rendered as a notice (NeedsJavaScript): their
 * code is fetched beside the entry script too, so they follow their hydration sooner.
 */
const PAGE_CODE: Record<Exclude<RenderedPageName, 'home'>, { preload: () => Promise<unknown> }> = {
  event: EventDetailPage,
  about: AboutPage,
  log: LogPage,
  subscribe: SubscribePage,
  auth: AuthPage,
  submit: SubmitPage,
  moderation: ModerationPage,
  account: AccountPage,
  myEvents: MyEventsPage,
  editEvent: EditEventPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  verifyEmail: VerifyEmailPage,
};

/** Load the code of the page the server rendered at `pathname`, if it is not in the first bundle. */
export function preloadPage(pathname: string, search: string): Promise<unknown> {
  const name = renderedPageOf(pathname)?.name;
  if (name === 'home') return preloadMonthView(search);
  // Any other address: the server rendered "Page not found".
  return name ? PAGE_CODE[name].preload() : NotFoundPage.preload();
}

/** A page as the route shows it: one that needs JavaScript shows, without it, the server's notice. */
const page = (name: RenderedPageName, element: ReactNode) =>
  NEEDS_JAVASCRIPT.has(name) ? <NeedsJavaScript>{element}</NeedsJavaScript> : element;

/** The app's pages; the browser wraps them in BrowserRouter, the server (entry-server.tsx) in StaticRouter. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="event/:id" element={page('event', <EventDetailPage />)} />
        <Route path="event/:id/edit" element={page('editEvent', <EditEventPage />)} />
        <Route path="my-events" element={page('myEvents', <MyEventsPage />)} />
        <Route path="submit" element={page('submit', <SubmitPage />)} />
        <Route path="moderation" element={page('moderation', <ModerationPage />)} />
        <Route path="log" element={page('log', <LogPage />)} />
        <Route path="auth" element={page('auth', <AuthPage />)} />
        <Route path="subscribe" element={page('subscribe', <SubscribePage />)} />
        <Route path="about" element={page('about', <AboutPage />)} />
        <Route path="account" element={page('account', <AccountPage />)} />
        <Route path="forgot-password" element={page('forgotPassword', <ForgotPasswordPage />)} />
        <Route path="reset-password" element={page('resetPassword', <ResetPasswordPage />)} />
        <Route path="verify-email" element={page('verifyEmail', <VerifyEmailPage />)} />
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
