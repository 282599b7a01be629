import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

// Full class names, not built ones, so Tailwind finds them in the source.
const COLUMNS = {
  3: 'sm:grid-cols-3',
  4: 'sm:grid-cols-2 xl:grid-cols-4',
  5: 'sm:grid-cols-2 xl:grid-cols-5',
} as const;

type CardCount = keyof typeof COLUMNS;

/** The row of summary cards while they load; with a label, a spinner says so to screen readers too. */
export function CardsSkeleton({ count, loadingLabel }: { count: CardCount; loadingLabel?: string }) {
  return (
    <div className={`${loadingLabel ? 'relative ' : ''}grid gap-4 ${COLUMNS[count]}`}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-32" />
      ))}
      {loadingLabel && <Spinner label={loadingLabel} className="absolute inset-0 m-auto size-fit" />}
    </div>
  );
}

/** A page body while its first answer loads: the card row, then blocks shaped like what follows (one chart by default). */
export function PageSkeleton({ cards, loadingLabel, children = <Skeleton className="h-80" /> }: { cards: CardCount; loadingLabel?: string; children?: ReactNode }) {
  return (
    <div className="space-y-6">
      <CardsSkeleton count={cards} loadingLabel={loadingLabel} />
      {children}
    </div>
  );
}
