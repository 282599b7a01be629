import type { StatementStatus } from '@peakwise/contracts/billing.contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';

// The badge's colours: settled is good, due is a warning, overdue critical.
const TONE: Record<StatementStatus, string> = { paid: 'operational', nothing_due: 'operational', due: 'warning', partially_paid: 'warning', overdue: 'critical' };

export function StatementStatusBadge({ status }: { status: StatementStatus }) {
  const { t } = useTranslation('billing');
  return <StatusBadge status={TONE[status]} label={t(`status.${status}`)} />;
}
