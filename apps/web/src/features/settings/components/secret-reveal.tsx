import { useState } from 'react';
import { Copy, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

type SecretRevealProps = {
  warning: string;
  term: string;
  secret: string;
  copyLabel: string;
  copiedText: string;
  copyFailedText: string;
  doneLabel: string;
  onDone: () => void;
};

/**
 * A secret shown once (an API token, a webhook's signing secret): a warning, the value to select
 * or copy, and Done. It lives only in the caller's state, so closing forgets it for good.
 */
export function SecretReveal({ warning, term, secret, copyLabel, copiedText, copyFailedText, doneLabel, onDone }: SecretRevealProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copySecret = () => {
    // Undefined outside a secure context (plain http on a LAN address): say so, the value stays selectable.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard) clipboard.writeText(secret).then(() => setCopy('copied'), () => setCopy('failed'));
    else setCopy('failed');
  };
  return (
    <div className="space-y-5">
      <p className="flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm font-medium text-amber-900">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {warning}
      </p>
      <div>
        <dl className="text-sm">
          <dt className="font-medium break-all text-slate-700">{term}</dt>
          <dd className="mt-1.5 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">{secret}</dd>
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {/* The form that had focus is gone: focus goes to the one thing to do next. */}
          <Button variant="secondary" autoFocus onClick={copySecret}>
            <Copy aria-hidden className="size-4" />
            {copyLabel}
          </Button>
          <span role="status" className="text-sm text-slate-700">
            {copy === 'copied' ? copiedText : copy === 'failed' ? copyFailedText : ''}
          </span>
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
