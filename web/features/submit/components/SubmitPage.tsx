import { ComingSoon } from '../../../app/ComingSoon';

export default function SubmitPage() {
  return <ComingSoon title="SubmitPage" />;
}
