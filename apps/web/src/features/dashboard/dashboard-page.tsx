import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotAvailable } from '@/components/ui/not-available';
import { useSession } from '@/lib/session';

export default function DashboardPage() {
  const { t } = useTranslation('portal');
  const session = useSession();
  const name = session.status === 'signed-in' ? session.user.name.trim() : '';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('pages.dashboard')}</h1>
        <p className="mt-1 text-sm text-slate-600">{name ? t('welcome', { name }) : t('welcomeAnonymous')}</p>
      </div>
      <NotAvailable
        title={t('notAvailable.title', { section: t('nav.dashboard') })}
        description={t('notAvailable.dashboard')}
      >
        <p className="text-sm text-slate-500">
          {t('notAvailable.helpPrompt')}{' '}
          <Link
            to="/app/help"
            className="font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('notAvailable.helpLink')}
          </Link>
        </p>
      </NotAvailable>
    </div>
  );
}
