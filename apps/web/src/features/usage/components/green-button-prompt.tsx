import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** On an empty Usage screen: a home without a gateway can fill it from its utility's Green Button file. */
export function GreenButtonPrompt() {
  const { t } = useTranslation('greenButton');
  return (
    <p className="mt-3 text-center text-sm text-slate-600">
      {t('usagePrompt')}{' '}
      <Link
        to="/app/settings/data#green-button"
        className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t('usageLink')}
      </Link>
    </p>
  );
}
