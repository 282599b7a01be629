import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The Peakwise mark and wordmark, linking to the dashboard (docs/product/routes-and-screens.md#portal-shell). */
export function BrandLogo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation(['portal', 'common']);
  return (
    <Link
      to="/app/dashboard"
      aria-label={t('nav.logo')}
      onClick={onNavigate}
      className="flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
    >
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path d="M18 4 8 18h7l-2 10 10-14h-7z" fill="#fef3c7" />
      </svg>
      <span className="text-lg font-semibold tracking-tight text-slate-900">{t('common:brand')}</span>
    </Link>
  );
}
