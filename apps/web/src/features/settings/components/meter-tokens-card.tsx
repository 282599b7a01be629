import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Gauge } from 'lucide-react';
import { MAX_HOUSEHOLD_INGEST_TOKENS, type IngestToken } from '@peakwise/contracts/ingest-token.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError, serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { listIngestTokens, revokeIngestToken } from '../api/ingest-tokens-api';
import { relativeTime } from '../relative-time';
import { settingsKeys } from '../settings-keys';
import { CreateMeterTokenDialog } from './create-meter-token-dialog';
import { SettingsCard } from './settings-card';

const dangerButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-red-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * "Meter and gateway tokens": the household-wide ingest tokens a whole-home meter or gateway
 * reports with. Created here (shown once), listed without the token, revoked after a confirmation.
 */
export function MeterTokensCard() {
  const { t, i18n } = useTranslation('settings');
  const tokens = useQuery({ queryKey: settingsKeys.ingestTokens(), queryFn: listIngestTokens });
  const [creating, setCreating] = useState(false);
  // Kept after the dialog closes, so its title does not go blank while it fades out.
  const [revoking, setRevoking] = useState<IngestToken | null>(null);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const language = i18n.resolvedLanguage ?? 'en';
  const now = new Date();
  const atLimit = (tokens.data?.length ?? 0) >= MAX_HOUSEHOLD_INGEST_TOKENS;
  const nameOf = (token: IngestToken) => token.label ?? t('meterTokens.unnamed');

  return (
    <SettingsCard title={t('meterTokens.title')} description={t('meterTokens.description')}>
      {tokens.isPending && (
        <div className="flex justify-center py-6">
          <Spinner label={t('meterTokens.loading')} />
        </div>
      )}
      {tokens.isError && (
        <div role="alert">
          <AlertMessage tone="error">{t('meterTokens.loadFailed')}</AlertMessage>
        </div>
      )}
      {tokens.data && tokens.data.length === 0 && <p className="text-sm text-slate-600">{t('meterTokens.empty')}</p>}
      {tokens.data && tokens.data.length > 0 && (
        <ul aria-label={t('meterTokens.listLabel')} className="divide-y divide-slate-100">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex gap-3">
                <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                  <Gauge aria-hidden className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{nameOf(token)}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
                    <span>{t('meterTokens.created', { time: relativeTime(token.createdAt, now, language) })}</span>
                    <span>
                      {token.lastUsedAt === null
                        ? t('meterTokens.neverUsed')
                        : t('meterTokens.lastUsed', { time: relativeTime(token.lastUsedAt, now, language) })}
                    </span>
                  </p>
                </div>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-haspopup="dialog"
                aria-label={t('meterTokens.revokeLabel', { label: nameOf(token) })}
                onClick={() => {
                  setNotice(undefined);
                  setRevoking(token);
                  setRevokeOpen(true);
                }}
              >
                {t('meterTokens.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {atLimit ? t('meterTokens.limitReached', { max: MAX_HOUSEHOLD_INGEST_TOKENS }) : t('meterTokens.limit', { max: MAX_HOUSEHOLD_INGEST_TOKENS })}
        </p>
        <Button
          className="shrink-0"
          aria-haspopup="dialog"
          disabled={!tokens.data || atLimit}
          onClick={() => {
            setNotice(undefined);
            setCreating(true);
          }}
        >
          {t('meterTokens.create')}
        </Button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && (
          <div className="mt-4">
            <AlertMessage tone="success">{notice}</AlertMessage>
          </div>
        )}
      </div>
      <CreateMeterTokenDialog open={creating} onClose={() => setCreating(false)} />
      <Modal
        open={revokeOpen}
        onClose={() => setRevokeOpen(false)}
        placement="center"
        title={revoking ? t('meterTokens.revokeTitle', { label: nameOf(revoking) }) : ''}
        description={t('meterTokens.revokeMessage')}
      >
        {revokeOpen && revoking && (
          <RevokeConfirmation
            token={revoking}
            name={nameOf(revoking)}
            onCancel={() => setRevokeOpen(false)}
            onRevoked={(name) => {
              setRevokeOpen(false);
              setNotice(t('meterTokens.revoked', { label: name }));
            }}
          />
        )}
      </Modal>
    </SettingsCard>
  );
}

function RevokeConfirmation({ token, name, onCancel, onRevoked }: { token: IngestToken; name: string; onCancel: () => void; onRevoked: (name: string) => void }) {
  const { t } = useTranslation('settings');
  const errorText = useServerErrorText();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeIngestToken(token.id),
    onSuccess: () => {
      queryClient.setQueryData<IngestToken[]>(settingsKeys.ingestTokens(), (list) => list?.filter((item) => item.id !== token.id));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.ingestTokens() });
      onRevoked(name);
    },
    // Revoked meanwhile in another tab or browser: the list is stale.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 404) void queryClient.invalidateQueries({ queryKey: settingsKeys.ingestTokens() });
    },
  });
  const failure = (error: unknown) =>
    error instanceof ApiRequestError && error.status === 404 ? t('meterTokens.alreadyRevoked') : errorText(serverErrorOf(error), t('meterTokens.revokeFailed'));

  return (
    <div className="space-y-5">
      <div aria-live="polite">{revoke.error && <AlertMessage tone="error">{failure(revoke.error)}</AlertMessage>}</div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <button type="button" className={dangerButton} disabled={revoke.isPending} onClick={() => revoke.mutate()}>
          {revoke.isPending ? t('meterTokens.revoking') : t('meterTokens.revokeConfirm')}
        </button>
      </div>
    </div>
  );
}
