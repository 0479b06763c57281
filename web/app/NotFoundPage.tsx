import { MapPinOff } from 'lucide-react';
import { ButtonLink } from '../components/ui/Button';
import { StateMessage } from '../components/ui/Notice';
import { useTranslation } from '../i18n/react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFoundTitle'));
  return (
    <StateMessage
      headingLevel={1}
      icon={<MapPinOff aria-hidden="true" className="size-12" />}
      title={t('notFoundTitle')}
      text={t('notFoundText')}
      action={<ButtonLink to="/">{t('backHome')}</ButtonLink>}
    />
  );
}
