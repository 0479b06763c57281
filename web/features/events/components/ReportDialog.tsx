import { Flag } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

export interface ReportButtonProps {
  eventId: string;
  /** Called once the server has accepted the report; the page then shows its thank-you banner. */
  onReported: () => void;
}

/**
 * The "Report" button and its dialog (spec §2, Event detail). Rendered by the event page only for
 * signed-in people. Stand-in until the submitting-and-reporting issue lands.
 */
export function ReportButton(_props: ReportButtonProps) {
  return (
    <Button variant="secondary" size="sm" disabled>
      <Flag aria-hidden="true" className="size-4" />
      Report
    </Button>
  );
}
