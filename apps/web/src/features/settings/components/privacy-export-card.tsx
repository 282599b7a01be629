import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PrivacyExport } from '@peakwise/contracts/privacy-export.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { intlLocale } from '@/lib/format';
import { listPrivacyExports, requestPrivacyExport } from '../api/privacy-api';
import { settingsKeys } from '../settings-keys';
import { SettingsCard } from './settings-card';

/** While one is being prepared, look again this often, so "ready" shows without a reload. */
const PENDING_POLL_MS = 5_000;

const linkButton =
  'inline-flex h-9 items-center justify-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * "Download my data": asks for an archive of everything Peakwise holds about the member, shows
 * it being prepared (the server builds it in the background and emails when it is ready), then a
 * download link until it expires.
 */
export function PrivacyExportCard() {
  const { t, i18n } = useTranslation('settings');
  const locale = intlLocale(i18n.resolvedLanguage);
  const queryClient = useQueryClient();
  const exports = useQuery({
    queryKey: settingsKeys.privacyExports(),
    queryFn: listPrivacyExports,
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending') ? PENDING_POLL_MS : false),
  });
  const ask = useMutation({
    mutationFn: requestPrivacyExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.privacyExports() }),
  });
  const pending = exports.data?.some((e) => e.status === 'pending') ?? false;
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const size = (bytes: number) => new Intl.NumberFormat(locale, { style: 'unit', unit: bytes >= 1_048_576 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes >= 1_048_576 ? bytes / 1_048_576 : Math.max(bytes / 1024, 0.1));

  const statusLine = (item: PrivacyExport) => {
    if (item.status === 'pending') return t('privacyExport.pending');
    if (item.status === 'ready' && item.expiresAt) return t('privacyExport.ready', { date: date(item.expiresAt), size: size(item.byteSize ?? 0) });
    return t('privacyExport.expired');
  };

  return (
    <SettingsCard title={t('privacyExport.title')} description={t('privacyExport.description')}>
      {exports.isPending && (
        <div className="flex justify-center py-6">
          <Spinner label={t('privacyExport.loading')} />
        </div>
      )}
      {exports.isError && (
        <div role="alert">
          <AlertMessage tone="error">{t('privacyExport.loadFailed')}</AlertMessage>
        </div>
      )}
      {exports.data && exports.data.length > 0 && (
        <ul aria-label={t('privacyExport.listLabel')} className="mb-5 divide-y divide-slate-100">
          {exports.data.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 py-3 first:pt-0 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{t('privacyExport.requested', { date: date(item.requestedAt) })}</p>
                <p className="mt-0.5 text-sm text-slate-600">{statusLine(item)}</p>
              </div>
              {item.status === 'ready' && item.downloadUrl && (
                <a href={item.downloadUrl} download className={linkButton} aria-label={t('privacyExport.downloadLabel', { date: date(item.requestedAt) })}>
                  {t('privacyExport.download')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button disabled={!exports.data || pending || ask.isPending} onClick={() => ask.mutate()}>
        {ask.isPending ? t('privacyExport.asking') : t('privacyExport.ask')}
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {ask.isSuccess && <p className="mt-3 text-sm font-medium text-brand-800">{t('privacyExport.asked')}</p>}
        {ask.isError && (
          <div className="mt-4">
            <AlertMessage tone="error">{t('privacyExport.failed')}</AlertMessage>
          </div>
        )}
      </div>
    </SettingsCard>
  );
}
