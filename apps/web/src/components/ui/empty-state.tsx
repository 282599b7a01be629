import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** Nothing to show yet, said plainly (and why, when we know). */
export function EmptyState({ icon: Icon, title, message, children }: { icon: LucideIcon; title: string; message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
      <Icon aria-hidden="true" className="size-6 text-slate-400" />
      <p className="mt-3 font-medium text-slate-800">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{message}</p>
      {children}
    </div>
  );
}
