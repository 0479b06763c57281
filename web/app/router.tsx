import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from '../features/events/components/HomePage';
import { Layout } from './Layout';

// Home is in the first bundle; every other page loads when it is first visited.
const EventDetailPage = lazy(() => import('../features/events/components/EventDetailPage'));
const SubmitPage = lazy(() => import('../features/submit/components/SubmitPage'));
const ModerationPage = lazy(() => import('../features/moderation/components/ModerationPage'));
const LogPage = lazy(() => import('../features/log/components/LogPage'));
const AuthPage = lazy(() => import('../features/auth/components/AuthPage'));
const SubscribePage = lazy(() => import('../features/calendar/components/SubscribePage'));
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** The app's pages; the browser wraps them in BrowserRouter, the server (entry-server.tsx) in StaticRouter. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="event/:id" element={<EventDetailPage />} />
        <Route path="submit" element={<SubmitPage />} />
        <Route path="moderation" element={<ModerationPage />} />
        <Route path="log" element={<LogPage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="subscribe" element={<SubscribePage />} />
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
