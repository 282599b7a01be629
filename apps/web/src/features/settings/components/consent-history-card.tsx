import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UTILITY_DATA_CONSENT_PURPOSE } from '@peakwise/contracts/account.contract';
import type { ConsentRecord } from '@peakwise/contracts/consent-history.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Spinner } from '@/components/ui/spinner';
import { intlLocale } from '@/lib/format';
import { getConsentHistory } from '../api/privacy-api';
import { settingsKeys } from '../settings-keys';
import { SettingsCard } from './settings-card';

/**
 * Every consent the member gave or withdrew, newest first: what, when, in which language and the
 * sentence exactly as it was shown (the server resolves it from the recorded wording version).
 */
export function ConsentHistoryCard() {
  const { t, i18n } = useTranslation(['settings', 'notifications', 'common']);
  const locale = intlLocale(i18n.resolvedLanguage);
  const history = useQuery({ queryKey: settingsKeys.consentHistory(), queryFn: getConsentHistory });
  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const what = (record: ConsentRecord) => {
    if (record.purpose === 'marketing_data_sharing') return t('consentHistory.purposes.marketing');
    if (record.purpose === UTILITY_DATA_CONSENT_PURPOSE) return t('consentHistory.purposes.utilityData');
    const [, channel, kind] = /^notifications:(email|sms|push):(events|bill_reminders|maintenance_alerts|rewards)$/.exec(record.purpose) ?? [];
    if (channel && kind) return t('notifications:grid.cell', { channel: t(`notifications:grid.channels.${channel as 'email'}`), kind: t(`notifications:grid.kinds.${kind as 'events'}`) });
    return record.purpose;
  };
  const languageName = (language: string) => (language === 'en' || language === 'fr' || language === 'es' ? t(`common:language.${language}`) : language);
  const where = (source: string | null) => {
    switch (source) {
      case 'sign_up':
      case 'settings':
      case 'unsubscribe_link':
      case 'sms_stop':
      case 'phone_changed':
      case 'account_deleted':
        return t(`consentHistory.sources.${source}`);
      default:
        return t('consentHistory.sources.unknown');
    }
  };

  return (
    <SettingsCard title={t('consentHistory.title')} description={t('consentHistory.description')}>
      {history.isPending && (
        <div className="flex justify-center py-6">
          <Spinner label={t('consentHistory.loading')} />
        </div>
      )}
      {history.isError && (
        <div role="alert">
          <AlertMessage tone="error">{t('consentHistory.loadFailed')}</AlertMessage>
        </div>
      )}
      {history.data && history.data.length === 0 && <p className="text-sm text-slate-600">{t('consentHistory.empty')}</p>}
      {history.data && history.data.length > 0 && (
        <div className="max-h-96 overflow-auto rounded-lg border border-slate-100" tabIndex={0} role="region" aria-label={t('consentHistory.caption')}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('consentHistory.caption')}</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t('consentHistory.columns.when')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('consentHistory.columns.what')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('consentHistory.columns.choice')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('consentHistory.columns.wording')}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t('consentHistory.columns.where')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {history.data.map((record) => (
                <tr key={record.id} className="align-top">
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                    <time dateTime={record.recordedAt}>{when(record.recordedAt)}</time>
                  </td>
                  <td className="px-3 py-2 text-slate-900">{what(record)}</td>
                  <td className={`px-3 py-2 font-medium ${record.granted ? 'text-brand-800' : 'text-slate-700'}`}>
                    {record.granted ? t('consentHistory.granted') : t('consentHistory.withdrawn')}
                  </td>
                  <td className="px-3 py-2 text-slate-700">
                    <q lang={record.language}>{record.wording}</q>
                    <span className="block text-xs text-slate-600">{t('consentHistory.shownIn', { language: languageName(record.language) })}</span>
                  </td>
                  <td className="px-3 py-2 text-slate-700">{where(record.source)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsCard>
  );
}
