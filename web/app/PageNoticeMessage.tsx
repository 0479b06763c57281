import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Notice } from '../components/ui/Notice';
import { addCatalog } from '../i18n/index';
import { useTranslation } from '../i18n/react';
import type { PageNoticeKind } from '../lib/pageNotice';
import accountCatalog from '../locales/en/account.json';

// Its words are the account page's, where every such message starts (web/lib/pageNotice.ts).
addCatalog('account', accountCatalog);

/**
 * The message a page was sent with, above it (web/app/PageNotice.tsx loads it when there is one). It
 * takes focus when it appears, since the control that had it (a dialog's button) is gone, so screen
 * readers read it first.
 */
export default function PageNoticeMessage({ kind }: { kind: PageNoticeKind }) {
  const { t } = useTranslation('account');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <div ref={ref} tabIndex={-1} className="rounded-lg focus:outline-none" data-testid="page-notice">
        <Notice tone="success" className="flex items-start gap-2">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t(`pageNotices.${kind}`)}</span>
        </Notice>
      </div>
    </div>
  );
}
