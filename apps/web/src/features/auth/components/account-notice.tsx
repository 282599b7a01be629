import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CircleCheck, X } from 'lucide-react';
import { hasLeftPortalState, isAccountDeletedState } from '@/lib/account-notice';
import { clearSession, sessionQueryKey } from '@/lib/session';

/** "Your account has been deleted", once, on the page the member lands on after deleting it. */
export function AccountNotice() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const queryClient = useQueryClient();
  const [dismissedKey, setDismissedKey] = useState<string>();
  const deleted = isAccountDeletedState(location.state);
  const leftPortal = hasLeftPortalState(location.state);

  // Out of the portal now, so the guard cannot react: forget the ended session and the account's data.
  useEffect(() => {
    if (!leftPortal) return;
    clearSession(queryClient);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  }, [leftPortal, queryClient]);

  if (!deleted || dismissedKey === location.key) return null;
  return (
    <div role="status" className="border-b border-brand-100 bg-brand-50">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 text-sm text-brand-900 sm:px-6 lg:px-8">
        <CircleCheck aria-hidden className="size-5 shrink-0 text-brand-700" />
        <p className="flex-1">{t('notices.accountDeleted')}</p>
        <button
          type="button"
          onClick={() => setDismissedKey(location.key)}
          aria-label={t('notices.dismiss')}
          className="rounded-lg p-1.5 text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
