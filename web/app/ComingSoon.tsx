import { useTranslation } from 'react-i18next';
import { StateMessage } from '../components/ui/Notice';

/** Stand-in for a page whose issue has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return <StateMessage headingLevel={1} title={title} text={t('comingSoon')} />;
}
