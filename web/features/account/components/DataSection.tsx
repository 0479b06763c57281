import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { useTranslation } from '../../../i18n/react';
import { useMessages } from '../../../lib/messages';
import { useDownloadData } from '../api/accountSettings';
import { AccountSection } from './AccountSection';
import { formErrorsOf } from './formErrors';

/** "Download my data" (docs/PRODUCT.md#your-account): a JSON file of what the site holds about them. */
export function DataSection() {
  const { t } = useTranslation('account');
  const tm = useMessages();
  const download = useDownloadData();
  const failure = formErrorsOf(download.error, [], t('failed'), tm).form;
  return (
    <AccountSection id="account-data" title={t('data.title')}>
      <p className="text-sm text-stone-700 dark:text-stone-300">{t('data.text')}</p>
      {failure ? (
        <Notice tone="error" className="mt-4">
          {failure}
        </Notice>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          variant="secondary"
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
          onClick={() => download.mutate()}
        >
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? t('data.busy') : t('data.submit')}
        </Button>
        <p role="status" className="text-sm text-brand-800 dark:text-brand-100">
          {download.isSuccess ? t('data.done') : null}
        </p>
      </div>
    </AccountSection>
  );
}
