import { useState } from 'react';
import { MapPin, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { useQueryScope } from '@/lib/api-client';
import { useHome } from '../api/use-home';

const DISMISSED_KEY = 'peakwise.homePromptDismissed';

function dismissedFor(scope: string): boolean {
  try {
    return localStorage.getItem(`${DISMISSED_KEY}:${scope}`) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(scope: string) {
  try {
    localStorage.setItem(`${DISMISSED_KEY}:${scope}`, '1');
  } catch {
    // Blocked storage: dismissed for this visit only.
  }
}

/**
 * Asks a member whose home has no postal code to set one, so they hear about events in their
 * area (decision 057). Dismissed per member on this browser; gone once the home is set.
 */
export function HomePrompt() {
  const { t } = useTranslation('dashboard');
  const scope = useQueryScope();
  const home = useHome();
  const [dismissed, setDismissed] = useState(() => dismissedFor(scope));
  if (dismissed || dismissedFor(scope) || home.data?.postalCode !== null) return null;
  const dismiss = () => {
    rememberDismissed(scope);
    setDismissed(true);
  };
  return (
    <section aria-labelledby="home-prompt-title" className="rounded-xl border border-brand-100 bg-brand-50 p-4 shadow-sm sm:p-5" data-testid="home-prompt">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
          <MapPin aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="home-prompt-title" className="font-semibold text-slate-900">
            {t('homePrompt.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('homePrompt.body')}</p>
          <Link to="/app/settings/home#home" className={buttonClasses('primary', 'sm', 'mt-3')}>
            {t('homePrompt.action')}
          </Link>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('homePrompt.dismiss')}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-brand-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
