import { ArrowDownRight, ArrowUpRight, Minus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type StatCardProps = {
  label: string;
  value: string;
  /** Small print under the value: a unit note, a change, a live indicator. */
  children?: ReactNode;
  icon?: LucideIcon;
  iconClassName?: string;
};

/** A headline number. The label is the card's heading, so screen readers can jump between cards. */
export function StatCard({ label, value, children, icon: Icon, iconClassName = 'bg-brand-50 text-brand-700' }: StatCardProps) {
  return (
    <section className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        {Icon && (
          <span className={`hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex ${iconClassName}`}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
        )}
      </div>
      <p className="mt-1 text-xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-2xl">{value}</p>
      {children && <div className="mt-2 text-xs text-slate-600 sm:text-sm">{children}</div>}
    </section>
  );
}

export type ChangeTone = 'good' | 'bad' | 'neutral';

/** Whether a change is good news: for production more is better, for consumption less is. */
export function changeTone(pct: number | null, goodWhen: 'increase' | 'decrease'): ChangeTone {
  if (pct === null || !Number.isFinite(pct) || pct === 0) return 'neutral';
  return (pct > 0) === (goodWhen === 'increase') ? 'good' : 'bad';
}

const toneClass: Record<ChangeTone, string> = {
  good: 'text-emerald-700',
  bad: 'text-red-700',
  neutral: 'text-slate-500',
};

type ChangeIndicatorProps = {
  pct: number | null;
  /** The signed, localised percentage ("−12%") or "—". */
  formatted: string;
  goodWhen: 'increase' | 'decrease';
  /** "vs yesterday". */
  comparison: string;
  /** Spoken after the number, since colour alone can't say whether the change is good. */
  toneLabels: { good: string; bad: string };
};

export function ChangeIndicator({ pct, formatted, goodWhen, comparison, toneLabels }: ChangeIndicatorProps) {
  const tone = changeTone(pct, goodWhen);
  const Icon = pct === null || pct === 0 ? Minus : pct > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5" data-tone={tone}>
      <span className={`inline-flex items-center gap-0.5 font-semibold tabular-nums ${toneClass[tone]}`}>
        <Icon aria-hidden="true" className="size-4" />
        {formatted}
        {tone !== 'neutral' && <span className="sr-only"> ({toneLabels[tone]})</span>}
      </span>
      <span className="text-slate-500">{comparison}</span>
    </p>
  );
}
