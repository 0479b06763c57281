import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Notice } from '../components/ui/Notice';
import { useTranslation } from '../i18n/react';
import { pageNoticeOf } from '../lib/pageNotice';
import { useLocation } from '../lib/router';

/**
 * The message a page was sent with (web/lib/pageNotice.ts), above it. It takes focus when it appears,
 * since the control that had it (a dialog's button) is gone, so screen readers read it first.
 */
export function PageNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const kind = pageNoticeOf(location.state);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (kind) ref.current?.focus();
  }, [kind]);
  if (!kind) return null;
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
