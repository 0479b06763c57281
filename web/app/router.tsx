import { type ComponentType, createElement, lazy, type ReactNode } from 'react';
import { NEEDS_JAVASCRIPT, type RenderedPageName, renderedPageOf } from '../../common/renderedPages';
import { loadOnce } from '../lib/loadOnce';
import { trackLoad } from '../lib/navigationProgress';
import { BrowserRouter, type PrepareNavigation, Route, Switch } from '../lib/router';
import { Layout } from './Layout';
import { NeedsJavaScript } from './NeedsJavaScript';
import { HomePage, missingMonthView } from './routes/HomePage';

type Page = ComponentType<Record<string, never>>;

/**
 * A page whose code loads when it is first shown (React.lazy), or beforehand with `missing()`: once
 * loaded it renders at once, without suspending. web/main.tsx starts loading the page the server
 * rendered as it starts hydrating, so that page's part is hydrated (and answers clicks) sooner.
 */
function lazyPage(load: () => Promise<{ default: Page }>) {
  const code = loadOnce(() => trackLoad(load()));
  const Lazy = lazy(code.load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page, at module level
  const Component = () => {
    const loaded = code.loaded();
    return loaded ? createElement(loaded.default) : createElement(Lazy);
  };
  return Object.assign(Component, {
    /** Its code, unless it is here already. */
    missing: () => (code.loaded() ? null : code.load()),
  });
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
const PAGE_CODE: Record<Exclude<RenderedPageName, 'home'>, { missing: () => Promise<unknown> | null }> = {
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

/**
 * The code the page at an address needs beyond the first bundle, unless it is here already (null):
 * what a navigation within the app waits for before it shows the next page, so the page on screen
 * stays (with the progress bar) until the next one can render whole.
 */
const missingCode: PrepareNavigation = (pathname, search) => {
  const name = renderedPageOf(pathname)?.name;
  if (name === 'home') return missingMonthView(search);
  // Any other address: "Page not found".
  return name ? PAGE_CODE[name].missing() : NotFoundPage.missing();
};

/** Load the code of the page the server rendered at `pathname`, if it is not in the first bundle. */
export const preloadPage = (pathname: string, search: string): Promise<unknown> =>
  missingCode(pathname, search) ?? Promise.resolve();

/** A page as the route shows it: one that needs JavaScript shows, without it, the server's notice. */
const page = (name: RenderedPageName, element: ReactNode) =>
  NEEDS_JAVASCRIPT.has(name) ? <NeedsJavaScript>{element}</NeedsJavaScript> : element;

/** The app's pages; the browser wraps them in BrowserRouter, the server (entry-server.tsx) in ServerRouter. */
export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        <Route path="/">
          <HomePage />
        </Route>
        <Route path="/event/:id">{page('event', <EventDetailPage />)}</Route>
        <Route path="/event/:id/edit">{page('editEvent', <EditEventPage />)}</Route>
        <Route path="/my-events">{page('myEvents', <MyEventsPage />)}</Route>
        <Route path="/submit">{page('submit', <SubmitPage />)}</Route>
        <Route path="/moderation">{page('moderation', <ModerationPage />)}</Route>
        <Route path="/log">{page('log', <LogPage />)}</Route>
        <Route path="/auth">{page('auth', <AuthPage />)}</Route>
        <Route path="/subscribe">{page('subscribe', <SubscribePage />)}</Route>
        <Route path="/about">{page('about', <AboutPage />)}</Route>
        <Route path="/account">{page('account', <AccountPage />)}</Route>
        <Route path="/forgot-password">{page('forgotPassword', <ForgotPasswordPage />)}</Route>
        <Route path="/reset-password">{page('resetPassword', <ResetPasswordPage />)}</Route>
        <Route path="/verify-email">{page('verifyEmail', <VerifyEmailPage />)}</Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Layout>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter prepare={missingCode}>
      <AppRoutes />
    </BrowserRouter>
  );
}
