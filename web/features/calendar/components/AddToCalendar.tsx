import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarPlus, ChevronDown, Download, ExternalLink, type LucideIcon } from 'lucide-react';
import type { AnchorHTMLAttributes } from 'react';
import { eventIcsPath } from '../../../../common/links';
import { type ButtonSize, type ButtonVariant, buttonClass } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';
import { useDirection } from '../../../lib/useDirection';
import { CALENDAR_NS } from '../catalog';
import { type CalendarEvent, googleCalendarUrl } from '../links';

const itemClass =
  'flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 text-sm text-stone-800 outline-none ' +
  'data-[highlighted]:bg-stone-100 dark:text-stone-100 dark:data-[highlighted]:bg-stone-800';

/** One choice of the menu: a link with its icon, its name and a line saying what it does. */
function MenuLink({
  icon: Icon,
  label,
  hint,
  link,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  link: AnchorHTMLAttributes<HTMLAnchorElement>;
}) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <a {...link}>
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-100" />
        <span className="flex flex-col">
          <span className="font-medium">{label}</span>
          <span className="text-xs text-stone-600 dark:text-stone-300">{hint}</span>
        </span>
      </a>
    </DropdownMenu.Item>
  );
}

export interface AddToCalendarProps {
  event: CalendarEvent;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** On small cards: an icon-only trigger (its name still says what it does). */
  compact?: boolean;
  /** Open as soon as it mounts (when it replaces a stand-in the person already clicked). */
  defaultOpen?: boolean;
}

/**
 * "Add to calendar": a menu with the event's .ics file (Apple Calendar, Outlook, Thunderbird…) and a
 * pre-filled Google Calendar page. Both are plain links the person follows; nothing is sent anywhere.
 */
export function AddToCalendar({
  event,
  variant = 'secondary',
  size = 'sm',
  compact = false,
  defaultOpen = false,
}: AddToCalendarProps) {
  const { t } = useTranslation(CALENDAR_NS);
  const { t: tEvents } = useTranslation('events');
  const dir = useDirection();
  const google = googleCalendarUrl(event, window.location.origin, {
    organizedBy: (organizer) => t('add.entry.organizedBy', { organizer }),
    eventPage: (url) => t('add.entry.eventPage', { url }),
    joinLink: (url) => t('add.entry.joinLink', { url }),
    online: t('add.entry.online'),
  });
  return (
    // Non-modal: a modal menu hides the rest of the page with aria-hidden while it stays focusable.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen} dir={dir}>
      <DropdownMenu.Trigger
        className={buttonClass(variant, size, compact ? 'px-2!' : '')}
        title={compact ? tEvents('addToCalendar.button') : undefined}
        aria-label={compact ? tEvents('addToCalendar.buttonFor', { title: event.title }) : undefined}
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        {compact ? null : tEvents('addToCalendar.button')}
        {compact ? null : <ChevronDown aria-hidden="true" className="size-4" />}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-stone-200 bg-white p-1 shadow-lg dark:border-stone-700 dark:bg-stone-900"
        >
          <MenuLink
            icon={Download}
            label={tEvents('addToCalendar.ics')}
            hint={t('add.icsHint')}
            link={{ href: eventIcsPath(event.id), download: true }}
          />
          <MenuLink
            icon={ExternalLink}
            label={t('add.google')}
            hint={t('add.googleHint')}
            link={{ href: google, target: '_blank', rel: 'noopener noreferrer' }}
          />
          {event.endDate ? null : (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
              <DropdownMenu.Label className="px-3 py-1.5 text-xs text-stone-600 dark:text-stone-300">
                {t('add.duration')}
              </DropdownMenu.Label>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
