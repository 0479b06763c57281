import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarDays, ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../lib/router';
import { useDirection } from '../lib/useDirection';
import { accountTriggerClass } from './accountTrigger';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-stone-800 outline-none data-[highlighted]:bg-stone-100 dark:text-stone-100 dark:data-[highlighted]:bg-stone-800';

/**
 * The signed-in name menu. Loaded only once someone is signed in, so visitors' first load carries no
 * menu, popper or scroll-lock code.
 */
export default function AccountMenu({
  name,
  email,
  onSignOut,
}: {
  name: string;
  email: string;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const dir = useDirection();
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while it is open, which
    // screen readers handle badly; a menu closes on Escape or an outside click anyway.
    <DropdownMenu.Root modal={false} dir={dir}>
      <DropdownMenu.Trigger className={accountTriggerClass} aria-label={t('nav.accountMenu', { name })}>
        <span dir="auto" className="max-w-40 truncate">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-stone-200 bg-white p-1 shadow-lg dark:border-stone-700 dark:bg-stone-900"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-stone-600 dark:text-stone-300">
            {t('nav.signedInAs', { email })}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/my-events">
              <CalendarDays aria-hidden="true" className="size-4" />
              {t('nav.myEvents')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">
              <UserRound aria-hidden="true" className="size-4" />
              {t('nav.account')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onSignOut} className={itemClass}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
