export type Priority = 'high' | 'medium' | 'low';

// Each tone keeps its text above 4.5:1 on its tint; the word is always printed, so colour is never the only signal.
const toneClass: Record<Priority, string> = {
  high: 'bg-red-50 text-red-800 ring-red-200',
  medium: 'bg-amber-50 text-amber-900 ring-amber-300',
  low: 'bg-sky-50 text-sky-800 ring-sky-200',
};

/** An alert's priority as a pill (high red, medium amber, low blue). */
export function PriorityBadge({ priority, label }: { priority: Priority; label: string }) {
  return (
    <span data-priority={priority} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${toneClass[priority]}`}>
      {label}
    </span>
  );
}

/** A neutral tag (an alert's type). */
export function TagBadge({ label }: { label: string }) {
  return <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700 ring-1 ring-slate-200 ring-inset">{label}</span>;
}
