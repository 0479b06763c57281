import { Check, Languages } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LANGUAGES, type Language, withLanguage } from '../../common/i18n/languages';
import { pageLanguage } from '../i18n/index';
import { useTranslation } from '../i18n/react';
import { useLocation } from '../lib/router';

/**
 * The languages as plain links to this page with `?lang=` (docs/PRODUCT.md#languages): the server
 * answers in that language and remembers it in a cookie, so the choice works without JavaScript and
 * the page comes back whole in the new language (dates, numbers and direction too).
 */
function LanguageLinks({ itemClass }: { itemClass: string }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const current = (i18n.language as Language | undefined) ?? pageLanguage();
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      {LANGUAGES.map(({ code, name, dir }) => (
        <li key={code}>
          <a
            href={withLanguage(here, code)}
            hrefLang={code}
            lang={code}
            dir={dir}
            aria-current={code === current ? 'true' : undefined}
            className={itemClass}
          >
            <span>{name}</span>
            {code === current ? <Check aria-hidden="true" className="size-4 shrink-0" /> : null}
          </a>
        </li>
      ))}
    </>
  );
}

/** The header's language menu: a disclosure (it opens without JavaScript too) listing every language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];

  // Closes as menus do: a click elsewhere, or Escape (focus back on its button).
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointer = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && details.open) {
        details.open = false;
        details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    details.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      details.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <details ref={ref} className="relative">
      <summary className="flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800 [&::-webkit-details-marker]:hidden">
        <Languages aria-hidden="true" className="size-4" />
        {/* Named by what it shows, as a button should be: "Language: AR". */}
        <span className="sr-only">{t('language.label')} </span>
        <abbr title={current.name} translate="no" className="uppercase no-underline">
          {current.code}
        </abbr>
      </summary>
      <ul className="absolute end-0 top-full z-40 mt-1 w-52 rounded-lg border border-stone-200 bg-white p-1 shadow-lg dark:border-stone-700 dark:bg-stone-900">
        <LanguageLinks itemClass="language-menu-item" />
      </ul>
    </details>
  );
}

/** The same choice in the small-screen menu and the footer: every language named in itself. */
export function LanguageList({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('language.label')}>
      <ul className={compact ? 'flex flex-wrap justify-center gap-x-4 gap-y-1' : 'grid grid-cols-2 gap-1'}>
        <LanguageLinks itemClass={compact ? 'language-link' : 'language-list-item'} />
      </ul>
    </nav>
  );
}
