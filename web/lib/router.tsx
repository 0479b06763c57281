/**
 * The app's routing, on wouter (a ~2 KB router; React Router was 13.5 KB of the first load, issue 21):
 * its matching, links and location hooks, with what the app's pages rely on added here. Every page
 * imports its links and hooks from this module, never from wouter itself.
 *
 * - Each history entry the app makes carries `{ usr, key }` in `history.state`: `usr` is the state a
 *   navigation passes (a page notice, the home view to go back to), `key` tells entries apart, so that
 *   Back and Forward return to the scroll position of their entry (web/app/Layout.tsx). The page as
 *   loaded has no state and the key 'default'.
 * - Whether the last change was a new entry (PUSH), a replaced one (REPLACE) or Back/Forward (POP).
 * - A link to the address already shown replaces its entry instead of adding one.
 * - A navigation can first load the next page's code (`prepare`), so the page on screen stays until
 *   the next one can render at once, with the progress bar showing meanwhile.
 * - On the server, the page's address and its state come from the request.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
} from 'react';
import { Redirect, Router, useLocation as useWouterLocation, Link as WouterLink } from 'wouter';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';

export { Route, Switch, useParams } from 'wouter';

export interface Location {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
  /** What the navigation that made this entry passed; on the server, what the request's page passes. */
  state: unknown;
  /** 'default' for the page as loaded; a new key for each navigation the app makes. */
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

interface Entry {
  usr?: unknown;
  key?: unknown;
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

let lastNavigation: NavigationType = 'POP';
/** Counts navigations begun: one still waiting for its page's code goes nowhere once another has begun. */
let begun = 0;
if (typeof window !== 'undefined') {
  // Registered before the router listens, so the type is set when the new location renders.
  window.addEventListener('popstate', () => {
    lastNavigation = 'POP';
    begun++;
  });
}

const newKey = () => Math.random().toString(36).slice(2, 10);

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** Loads what the page at an address needs before it is shown; null when nothing is missing. */
export type PrepareNavigation = (pathname: string, search: string) => Promise<unknown> | null;

function aroundNavigation(prepare: PrepareNavigation | undefined) {
  return (
    navigate: (to: string, options: { replace: boolean; state: Entry }) => void,
    to: string,
    options?: NavigateOptions,
  ) => {
    const replace = options?.replace ?? to === here();
    const id = ++begun;
    const go = () => {
      if (id !== begun) return;
      lastNavigation = replace ? 'REPLACE' : 'PUSH';
      navigate(to, { replace, state: { usr: options?.state ?? null, key: newKey() } });
    };
    const url = new URL(to, window.location.href);
    const pending = prepare?.(url.pathname, url.search);
    if (pending) pending.then(go, go);
    else go();
  };
}

/** The router of the page in the browser. */
export function BrowserRouter({ prepare, children }: { prepare?: PrepareNavigation; children: ReactNode }) {
  const aroundNav = useMemo(() => aroundNavigation(prepare), [prepare]);
  return <Router aroundNav={aroundNav}>{children}</Router>;
}

interface ServerLocation {
  pathname: string;
  search: string;
  state: unknown;
}

const ServerLocationContext = createContext<ServerLocation>({ pathname: '/', search: '', state: null });

/** The router of a page rendered on the server: the request's address, and the state its page gets. */
export function ServerRouter({
  pathname,
  search,
  state,
  children,
}: {
  pathname: string;
  search: string;
  state: unknown;
  children: ReactNode;
}) {
  return (
    <Router ssrPath={pathname} ssrSearch={search}>
      <ServerLocationContext.Provider value={{ pathname, search, state }}>
        {children}
      </ServerLocationContext.Provider>
    </Router>
  );
}

const currentPathname = () => window.location.pathname;
const currentSearch = () => window.location.search;
const currentHash = () => window.location.hash;
// The server renders the request's address. A browser hydrating the page reads its own, which is the
// same address plus the hash the server never sees (an emailed link's token is read as it hydrates).
const onServer = typeof window === 'undefined';

function usePathname(): string {
  const server = useContext(ServerLocationContext);
  return useLocationProperty(currentPathname, onServer ? () => server.pathname : currentPathname);
}

/** The address shown, as the browser has it (not decoded), its history state and key. */
export function useLocation(): Location {
  const server = useContext(ServerLocationContext);
  const pathname = usePathname();
  const search = useLocationProperty(currentSearch, onServer ? () => server.search : currentSearch);
  const hash = useLocationProperty(currentHash, onServer ? () => '' : currentHash);
  const entry = useHistoryState<Entry | null>();
  return useMemo(
    () => ({
      pathname,
      search,
      hash,
      state: entry ? (entry.usr ?? null) : server.state,
      key: typeof entry?.key === 'string' ? entry.key : 'default',
    }),
    [pathname, search, hash, entry, server.state],
  );
}

type SearchParamsChange = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * The query of the address shown, and a way to change it (on the same page): a function is given the
 * query as it is at the moment of the change, not as it was at the last render.
 */
export function useSearchParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => {
      const next =
        typeof change === 'function' ? change(new URLSearchParams(window.location.search)) : change;
      const query = next.toString();
      navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate],
  );
  return [params, setParams] as const;
}

/** Whether the location shown came from Back/Forward (or the page's load), a new entry or a replaced one. */
export const useNavigationType = (): NavigationType => lastNavigation;

/** Go to an address (with `replace` and `state`), or back and forward in history by a number of entries. */
export function useNavigate() {
  const [, navigate] = useWouterLocation();
  return useCallback(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') window.history.go(to);
      else navigate(to, options);
    },
    [navigate],
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/**
 * A link within the app. One that opens elsewhere (`target="_blank"`: the submit form's possible
 * duplicates, so what was typed stays) or downloads is left to the browser.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, ...rest },
  ref,
) {
  if ((rest.target && rest.target !== '_self') || rest.download !== undefined) {
    return <a ref={ref} href={to} {...rest} />;
  }
  return <WouterLink ref={ref} href={to} replace={replace} state={state} {...rest} />;
});

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this very address, not on the pages under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link of the site's navigation: marked as the current page (aria-current) on its address or under it. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end = false, className, ...rest },
  ref,
) {
  const pathname = usePathname();
  const target = to.split(/[?#]/)[0] || '/';
  const isActive =
    pathname === target || (!end && target !== '/' && pathname.startsWith(`${target.replace(/\/$/, '')}/`));
  return (
    <WouterLink
      ref={ref}
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...rest}
    />
  );
});

/** Goes to another address as soon as it renders (in the browser; the server renders nothing for it). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}
