import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotAvailable } from './not-available';

export type UnbuiltSection = 'billing' | 'devices' | 'maintenance' | 'plumbing' | 'rewards';

/** The whole page of a portal section that has not been built yet: its title and an honest notice. */
export function SectionNotAvailable({ section }: { section: UnbuiltSection }) {
  const { t } = useTranslation('portal');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t(`pages.${section}`)}</h1>
      <NotAvailable title={t('notAvailable.title', { section: t(`nav.${section}`) })} description={t(`notAvailable.${section}`)}>
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
