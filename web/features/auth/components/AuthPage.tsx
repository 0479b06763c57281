import { ComingSoon } from '../../../app/ComingSoon';

export default function AuthPage() {
  return <ComingSoon title="AuthPage" />;
}
