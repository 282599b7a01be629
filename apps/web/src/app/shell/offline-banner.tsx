import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { relativeAge } from '@/lib/relative-age';
import { useOfflineStatus } from '@/lib/offline-status';

const TICK_MS = 30_000;

/** "Offline — showing data from 5 minutes ago" while the screen shows saved data (docs/decisions/061-installable-offline-app.md). */
export function OfflineBanner() {
  const { t, i18n } = useTranslation('portal');
  const { savedAt } = useOfflineStatus();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (savedAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [savedAt]);

  return (
    <div role="status" className="empty:hidden">
      {savedAt !== null && (
        <p className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6 lg:px-8">
          <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
          {t('offline.banner', { age: relativeAge(savedAt, now, i18n.resolvedLanguage ?? 'en') })}
        </p>
      )}
    </div>
  );
}
