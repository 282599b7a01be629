export type StatusTone = 'good' | 'warning' | 'critical' | 'neutral';

/** Operational, warning and critical have their colours; any other status is neutral (docs/product/domain-rules.md#status-colours). */
export function statusTone(status: string): StatusTone {
  switch (status.trim().toLowerCase()) {
    case 'operational':
      return 'good';
    case 'warning':
      return 'warning';
    case 'critical':
      return 'critical';
    default:
      return 'neutral';
  }
}

const toneClass: Record<StatusTone, { badge: string; dot: string }> = {
  good: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  warning: { badge: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  critical: { badge: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-500' },
  neutral: { badge: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-slate-400' },
};

/** A status pill: colour and a dot, plus the word, so colour is never the only signal. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const tone = statusTone(status);
  return (
    <span data-tone={tone} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${toneClass[tone].badge}`}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${toneClass[tone].dot}`} />
      {label}
    </span>
  );
}
