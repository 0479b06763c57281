import {
  BadgeCheck,
  BadgeX,
  Ban,
  CalendarCheck,
  CalendarClock,
  Check,
  Flag,
  PencilLine,
  Trash2,
  X,
} from 'lucide-react';
import { eventPagePath } from '../../../../common/links';
import type { ModerationItem } from '../../../../common/schemas/moderation';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';
import { ACTION_KEYS } from '../lib/shortcuts';
import { actionsFor, type ModerationActionName } from './ModerationCard';

const ICONS = {
  approve: Check,
  approveVerify: BadgeCheck,
  reject: X,
  remove: Trash2,
  dismiss: Flag,
  removePast: Trash2,
  acceptChange: Check,
  rejectChange: X,
  verify: BadgeCheck,
  unverify: BadgeX,
  removeListed: Trash2,
  edit: PencilLine,
  postpone: CalendarClock,
  cancelEvent: Ban,
  reinstate: CalendarCheck,
} as const;

const VARIANTS = {
  approve: 'secondary',
  approveVerify: 'primary',
  reject: 'danger',
  remove: 'danger',
  dismiss: 'secondary',
  removePast: 'danger',
  acceptChange: 'primary',
  rejectChange: 'danger',
  verify: 'secondary',
  unverify: 'secondary',
  removeListed: 'danger',
  edit: 'secondary',
  postpone: 'secondary',
  cancelEvent: 'secondary',
  reinstate: 'secondary',
} as const;

/** The key of an action, as its button shows it (the `?` dialog lists them all). */
function Key({ action }: { action: ModerationActionName }) {
  const key = ACTION_KEYS[action];
  if (!key) return null;
  return (
    <span aria-hidden="true" className="ms-1 hidden sm:inline">
      <kbd className="rounded border border-current/40 px-1 font-sans text-xs uppercase opacity-80">
        {key}
      </kbd>
    </span>
  );
}

/**
 * The selected event's actions, in the detail panel after what the moderator reads to judge it
 * (docs/PRODUCT.md#moderation-dashboard). Each keyboard shortcut is one of these buttons.
 */
export function ModerationActions({
  item,
  now,
  busy,
  onAction,
}: {
  item: ModerationItem;
  now: Date;
  busy: boolean;
  onAction: (action: ModerationActionName) => void;
}) {
  const { t } = useTranslation('moderation');
  const { event } = item;
  const actions = actionsFor(item, now);
  if (actions.length === 0) return null;
  return (
    <fieldset className="space-y-3" data-testid="moderation-actions">
      <legend className="sr-only">{t('actionsLabel', { title: event.title })}</legend>
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const Icon = ICONS[action];
          // A moderator's edit applies at once and is audited (docs/PRODUCT.md#my-events).
          if (action === 'edit') {
            return (
              <ButtonLink
                key={action}
                to={`${eventPagePath(event.id)}/edit`}
                size="sm"
                variant={VARIANTS[action]}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(`actions.${action}`)}
              </ButtonLink>
            );
          }
          const key = ACTION_KEYS[action];
          return (
            <Button
              key={action}
              size="sm"
              variant={VARIANTS[action]}
              disabled={busy}
              aria-busy={busy || undefined}
              aria-keyshortcuts={key?.toUpperCase()}
              onClick={() => onAction(action)}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`actions.${action}`)}
              <Key action={action} />
            </Button>
          );
        })}
      </div>
      {busy ? <p className="text-sm text-stone-600 dark:text-stone-300">{t('actions.working')}</p> : null}
    </fieldset>
  );
}
