import { ComingSoon } from '../../../app/ComingSoon';

export default function LogPage() {
  return <ComingSoon title="LogPage" />;
}
