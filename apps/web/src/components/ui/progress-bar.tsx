type ProgressBarProps = {
  label: string;
  /** Percent 0–100, or null when unknown (an empty track and "—", never 0%). */
  value: number | null;
  formatted: string;
  description?: string;
  colorClass?: string;
  /** Name the bar only through its aria-label (in a table row that already names the thing on screen). */
  hideLabel?: boolean;
};

export function ProgressBar({ label, value, formatted, description, colorClass = 'bg-brand-600', hideLabel = false }: ProgressBarProps) {
  const known = value !== null && Number.isFinite(value);
  const width = known ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <div>
      <div className={`flex items-baseline gap-3 text-sm ${hideLabel ? 'justify-end' : 'justify-between'}`}>
        {!hideLabel && <span className="font-medium text-slate-800">{label}</span>}
        <span className="font-semibold text-slate-900 tabular-nums">{formatted}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? Math.round(width * 10) / 10 : undefined}
        aria-valuetext={formatted}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full ${colorClass} transition-[width] duration-500`} style={{ width: `${width}%` }} />
      </div>
      {description && <p className="mt-1.5 text-xs text-slate-500">{description}</p>}
    </div>
  );
}
