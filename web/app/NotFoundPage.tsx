import { MapPinOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/Button';
import { StateMessage } from '../components/ui/Notice';

export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    const previous = document.title;
    document.title = t('notFoundTitle');
    return () => {
      document.title = previous;
    };
  }, [t]);
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
