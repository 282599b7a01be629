import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { ACTIVITY_CSV_PATH, useActivity } from '../api/use-activity';
import { PointsActivity } from './points-activity';

/** Activity a page at a time (the server's cursor), and the whole of it as CSV. */
export function ActivityPanel() {
  const { t } = useTranslation('payouts');
  const query = useActivity();
  if (!query.data) return <Skeleton className="h-48" />;
  const entries = query.data.pages.flatMap((p) => p.activity);
  return (
    <PointsActivity
      activity={entries}
      footer={
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {query.hasNextPage && (
            <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? t('activity.loadingMore') : t('activity.more')}
            </Button>
          )}
          {entries.length > 0 && (
            <a href={ACTIVITY_CSV_PATH} download className={buttonClasses('ghost', 'md', 'gap-2')}>
              <Download aria-hidden="true" className="size-4" />
              {t('activity.csv')}
            </a>
          )}
        </div>
      }
    />
  );
}
