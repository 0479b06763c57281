import { ComingSoon } from '../../../app/ComingSoon';

export default function ModerationPage() {
  return <ComingSoon title="ModerationPage" />;
}
