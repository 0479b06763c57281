import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/Button';
import { StateMessage } from '../components/ui/Notice';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StateMessage
      headingLevel={1}
      title={t('notFoundTitle')}
      text={t('notFoundText')}
      action={<ButtonLink to="/">{t('backHome')}</ButtonLink>}
    />
  );
}
