import { ChevronDown, LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSignOut } from '../features/auth/api/signOut';
import { useTranslation } from '../i18n/react';
import { config } from '../lib/config';
import { Link, NavLink, useLocation, useNavigate } from '../lib/router';
import { useSession } from '../lib/session';
import { signInPath } from '../lib/signInPath';
import { useHydrated } from '../lib/useHydrated';
import { accountTriggerClass } from './accountTrigger';
import { LanguageList, LanguageMenu } from './LanguageMenu';

const AccountMenu = lazy(() => import('./AccountMenu'));

// Component classes (web/styles.css): the header is on every page, and its links twice on each.
const linkBase = 'nav-link';
const navClass = ({ isActive }: { isActive: boolean }) =>
  `nav-link ${isActive ? 'nav-link-active' : 'nav-link-idle'}`;
const mobileNavClass = ({ isActive }: { isActive: boolean }) =>
  `menu-link ${isActive ? 'nav-link-active' : 'menu-link-idle'}`;

function Logo() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0 rounded-md">
      <rect width="32" height="32" fill="#fff" />
      <rect width="32" height="10.7" fill="#000" />
      <rect y="21.3" width="32" height="10.7" fill="#007A3D" />
      <path d="M0 0 L14 16 L0 32 Z" fill="#CE1126" />
    </svg>
  );
}

const toggleClass =
  'inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 xl:hidden dark:text-stone-200 dark:hover:bg-stone-800';
// The menu's box: a component class (web/styles.css), as the links' are.
const menuClass = 'header-menu';

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const disclosureRef = useRef<HTMLDetailsElement>(null);
  const focusToggle = useRef(false);

  // The page the server rendered shows a <details> disclosure until it has hydrated (it works without
  // JavaScript); the button takes its place with its state: open stays open, focus stays on the toggle.
  useLayoutEffect(() => {
    if (!hydrated) {
      const details = disclosureRef.current;
      if (details?.open) setOpen(true);
      focusToggle.current = details?.contains(document.activeElement) === true;
    } else if (focusToggle.current) {
      focusToggle.current = false;
      toggleRef.current?.focus();
    }
  }, [hydrated]);

  // Any navigation (a new page, or new filters on the same page) closes the small-screen list.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    // A press outside the header (its list lies over the page, wider than a phone) closes the list.
    const onPointer = (e: PointerEvent) => {
      if (!(e.target as Element).closest?.('header')) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const user = session.data?.user ?? null;
  const loading = session.isPending;
  // What the server says this person may do, never a role rule worked out here.
  const isModerator = session.data?.can.moderate === true;

  // Sign In comes back here afterwards (docs/PRODUCT.md#sign-in).
  const signIn = signInPath(location);

  const handleSignOut = () => {
    signOut.mutate(undefined, { onSettled: () => navigate('/') });
  };

  const links = (cls: typeof navClass) => (
    <>
      <NavLink to="/" end className={cls}>
        {t('nav.events')}
      </NavLink>
      <NavLink to="/submit" className={cls}>
        {t('nav.submit')}
      </NavLink>
      <NavLink to="/subscribe" className={cls}>
        {t('nav.subscribe')}
      </NavLink>
      <NavLink to="/log" className={cls}>
        {t('nav.log')}
      </NavLink>
      {isModerator ? (
        <NavLink to="/moderation" className={cls}>
          {t('nav.moderation')}
        </NavLink>
      ) : null}
    </>
  );

  /** The small-screen list: links, then the account (Sign out only where it can work). */
  const mobileMenu = (withSignOut: boolean) => (
    <>
      <div className="flex flex-col gap-1">{links(mobileNavClass)}</div>
      <div className="mt-3 border-t border-stone-200 pt-3 dark:border-stone-800">
        <LanguageList />
      </div>
      <div className="mt-3 border-t border-stone-200 pt-3 dark:border-stone-800">
        {loading ? (
          <span
            role="status"
            className="flex items-center gap-2 px-3 py-2.5 text-sm text-stone-600 dark:text-stone-400"
          >
            <span
              aria-hidden="true"
              className="block h-4 w-24 animate-pulse rounded bg-stone-200 dark:bg-stone-800"
            />
            <span className="sr-only">{t('nav.loadingAccount')}</span>
          </span>
        ) : user ? (
          <div className="flex flex-col gap-1">
            <p className="px-3 py-1 text-sm text-stone-600 dark:text-stone-300">
              <span dir="auto" className="block font-semibold wrap-anywhere text-stone-900 dark:text-white">
                {user.name}
              </span>
              <span className="break-all">{t('nav.signedInAs', { email: user.email })}</span>
            </p>
            <NavLink to="/my-events" className={mobileNavClass}>
              {t('nav.myEvents')}
            </NavLink>
            <NavLink to="/account" className={mobileNavClass}>
              {t('nav.account')}
            </NavLink>
            {/* Signing out needs JavaScript (a request with the CSRF check): no dead button before. */}
            {withSignOut ? (
              <button
                type="button"
                onClick={handleSignOut}
                className="flex items-center gap-2 rounded-md px-3 py-2.5 text-start text-base font-medium text-stone-800 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800"
              >
                <LogOut aria-hidden="true" className="size-5" />
                {t('nav.signOut')}
              </button>
            ) : null}
          </div>
        ) : (
          <NavLink to={signIn} className={mobileNavClass}>
            {t('nav.signIn')}
          </NavLink>
        )}
      </div>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-md">
          <Logo />
          {/* Beside the wide screen's links, the name keeps the whole words that fit on its one line
              ("Palestine Solidarity") rather than end cut short ("Palestine Solid…") where a language's
              links are long; the rest is still there for screen readers. */}
          <span className="site-name">{config.siteTitle}</span>
        </Link>

        <nav aria-label={t('nav.label')} className="ms-auto hidden items-center gap-1 xl:flex">
          {links(navClass)}
          <LanguageMenu />
          <div className="ms-1 flex min-w-24 items-center justify-end">
            {loading ? (
              // Holds the place of Sign In / the name menu, so nothing jumps when the answer comes.
              <span
                role="status"
                className="block h-9 w-24 animate-pulse rounded-md bg-stone-200 dark:bg-stone-800"
              >
                <span className="sr-only">{t('nav.loadingAccount')}</span>
              </span>
            ) : user && !hydrated ? (
              // The menu needs JavaScript (and signing out a request the page makes): until the page
              // runs, the name alone, never a button that does nothing.
              <span
                dir="auto"
                className="max-w-48 truncate px-3 py-2 text-sm font-medium text-stone-800 dark:text-stone-100"
              >
                {user.name}
              </span>
            ) : user ? (
              <Suspense
                fallback={
                  <span className={accountTriggerClass}>
                    <span dir="auto" className="max-w-40 truncate">
                      {user.name}
                    </span>
                    <ChevronDown aria-hidden="true" className="size-4" />
                  </span>
                }
              >
                <AccountMenu name={user.name} email={user.email} onSignOut={handleSignOut} />
              </Suspense>
            ) : (
              <NavLink
                to={signIn}
                className={`${linkBase} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`}
              >
                {t('nav.signIn')}
              </NavLink>
            )}
          </div>
        </nav>

        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            className={`ms-auto ${toggleClass}`}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        ) : (
          // Holds the toggle's place in the row; the disclosure below draws the toggle over it.
          <span aria-hidden="true" className="ms-auto size-10 shrink-0 xl:hidden" />
        )}
      </div>

      {hydrated ? null : (
        // Before hydration (and for good without JavaScript): the same toggle and list as a native
        // disclosure. Its summary sits where the button goes (the header is its positioned box); the
        // list opens below the row, as the button's does (a panel over the page wider than a phone).
        <details ref={disclosureRef} className="group xl:hidden">
          <summary
            className={`absolute end-4 top-3 cursor-pointer list-none sm:end-6 [&::-webkit-details-marker]:hidden ${toggleClass}`}
          >
            <Menu aria-hidden="true" className="size-6 group-open:hidden" />
            <X aria-hidden="true" className="hidden size-6 group-open:block" />
            <span className="sr-only group-open:hidden">{t('nav.openMenu')}</span>
            <span className="sr-only hidden group-open:inline">{t('nav.closeMenu')}</span>
          </summary>
          <nav aria-label={t('nav.label')} className={menuClass}>
            {mobileMenu(false)}
          </nav>
        </details>
      )}
      {hydrated && open ? (
        <nav id={menuId} aria-label={t('nav.label')} className={menuClass}>
          {mobileMenu(true)}
        </nav>
      ) : null}
    </header>
  );
}
