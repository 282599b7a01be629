import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2 } from 'lucide-react';

type AlertMessageProps = { tone: 'error' | 'success' | 'info'; children: ReactNode; id?: string };

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-brand-100 bg-brand-50 text-brand-900',
  info: 'border-slate-200 bg-slate-50 text-slate-700',
};

/** An inline message box. Callers put it inside their own live region so it is announced. */
export function AlertMessage({ tone, children, id }: AlertMessageProps) {
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <div id={id} className={`flex gap-2.5 rounded-xl border px-3.5 py-3 text-sm ${tones[tone]}`}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
