import { Check, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useTranslation } from '../../../i18n/react';

type Outcome = 'idle' | 'copied' | 'failed';

/**
 * Native share where the browser has it (phones), otherwise copy the page address, with a visible
 * confirmation either way it ends.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation('event');
  const [outcome, setOutcome] = useState<Outcome>('idle');

  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to say. Anything else: fall back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" size="sm" onClick={share}>
        <Share2 aria-hidden="true" className="size-4" />
        {t('share')}
      </Button>
      <span role="status" className="text-sm">
        {outcome === 'copied' ? (
          <span className="inline-flex items-center gap-1 font-medium text-brand-700 dark:text-brand-100">
            <Check aria-hidden="true" className="size-4" />
            {t('copied')}
          </span>
        ) : outcome === 'failed' ? (
          <span className="text-danger-700 dark:text-red-300">{t('copyFailed')}</span>
        ) : null}
      </span>
    </div>
  );
}
