import { AlertCircle, RotateCw } from 'lucide-react';
import { Button } from './button';

type LoadErrorProps = {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
  retrying?: boolean;
};

/** A load failure the member can act on: what failed, and a Retry that refetches. */
export function LoadError({ title, message, retryLabel, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-900 sm:flex-row sm:items-center">
      <AlertCircle aria-hidden="true" className="size-5 shrink-0 text-red-700" />
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-red-800">{message}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
        {retryLabel}
      </Button>
    </div>
  );
}
