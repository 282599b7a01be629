/** A spinning ring with a spoken label; the label is required so screen readers hear why we wait. */
export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`inline-flex flex-col items-center gap-3 ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
