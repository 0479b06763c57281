import { ComingSoon } from '../../../app/ComingSoon';

export default function EventDetailPage() {
  return <ComingSoon title="Event" />;
}
