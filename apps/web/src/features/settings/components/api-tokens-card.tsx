import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { MAX_API_TOKENS, type ApiToken } from '@peakwise/contracts/member-api.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError, serverErrorOf } from '@/lib/api-request';
import { useServerErrorText } from '@/lib/server-error-text';
import { listApiTokens, revokeApiToken } from '../api/member-api-api';
import { relativeTime } from '../relative-time';
import { settingsKeys } from '../settings-keys';
import { SCOPE_KEYS } from '../member-api-names';
import { CreateApiTokenDialog } from './create-api-token-dialog';
import { SettingsCard } from './settings-card';

const dangerButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-red-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * "Personal API tokens": bearer tokens for the member's own scripts (docs/member-api.md).
 * Created with chosen scopes (shown once), listed by label and prefix, revoked after a confirmation.
 */
export function ApiTokensCard() {
  const { t, i18n } = useTranslation('memberApi');
  const tokens = useQuery({ queryKey: settingsKeys.apiTokens(), queryFn: listApiTokens });
  const [creating, setCreating] = useState(false);
  // Kept after the dialog closes, so its title does not go blank while it fades out.
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const language = i18n.resolvedLanguage ?? 'en';
  const now = new Date();
  const atLimit = (tokens.data?.length ?? 0) >= MAX_API_TOKENS;
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });

  return (
    <SettingsCard title={t('tokens.title')} description={t('tokens.description')}>
      {tokens.isPending && (
        <div className="flex justify-center py-6">
          <Spinner label={t('tokens.loading')} />
        </div>
      )}
      {tokens.isError && (
        <div role="alert">
          <AlertMessage tone="error">{t('tokens.loadFailed')}</AlertMessage>
        </div>
      )}
      {tokens.data && tokens.data.length === 0 && <p className="text-sm text-slate-600">{t('tokens.empty')}</p>}
      {tokens.data && tokens.data.length > 0 && (
        <ul aria-label={t('tokens.listLabel')} className="divide-y divide-slate-100">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex gap-3">
                <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                  <KeyRound aria-hidden className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">
                    {token.label} <span className="font-mono text-sm font-normal text-slate-600">{token.prefix}…</span>
                  </p>
                  <p className="mt-0.5 text-sm text-slate-700">{token.scopes.map((scope) => t(`scopes.${SCOPE_KEYS[scope]}`)).join(' · ')}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
                    <span>{t('tokens.created', { time: relativeTime(token.createdAt, now, language) })}</span>
                    <span>{token.expiresAt ? t('tokens.expires', { date: dateFormat.format(new Date(token.expiresAt)) }) : t('tokens.noExpiry')}</span>
                    <span>{token.lastUsedAt === null ? t('tokens.neverUsed') : t('tokens.lastUsed', { time: relativeTime(token.lastUsedAt, now, language) })}</span>
                  </p>
                </div>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-haspopup="dialog"
                aria-label={t('tokens.revokeLabel', { label: token.label })}
                onClick={() => {
                  setNotice(undefined);
                  setRevoking(token);
                  setRevokeOpen(true);
                }}
              >
                {t('tokens.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{atLimit ? t('tokens.limitReached', { max: MAX_API_TOKENS }) : t('tokens.limit', { max: MAX_API_TOKENS })}</p>
        <Button
          className="shrink-0"
          aria-haspopup="dialog"
          disabled={!tokens.data || atLimit}
          onClick={() => {
            setNotice(undefined);
            setCreating(true);
          }}
        >
          {t('tokens.create')}
        </Button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {notice && (
          <div className="mt-4">
            <AlertMessage tone="success">{notice}</AlertMessage>
          </div>
        )}
      </div>
      <CreateApiTokenDialog open={creating} onClose={() => setCreating(false)} />
      <Modal
        open={revokeOpen}
        onClose={() => setRevokeOpen(false)}
        placement="center"
        title={revoking ? t('tokens.revokeTitle', { label: revoking.label }) : ''}
        description={t('tokens.revokeMessage')}
      >
        {revokeOpen && revoking && (
          <RevokeConfirmation
            token={revoking}
            onCancel={() => setRevokeOpen(false)}
            onRevoked={() => {
              setRevokeOpen(false);
              setNotice(t('tokens.revoked', { label: revoking.label }));
            }}
          />
        )}
      </Modal>
    </SettingsCard>
  );
}

function RevokeConfirmation({ token, onCancel, onRevoked }: { token: ApiToken; onCancel: () => void; onRevoked: () => void }) {
  const { t } = useTranslation('memberApi');
  const { t: ts } = useTranslation('settings');
  const errorText = useServerErrorText();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiToken(token.id),
    onSuccess: () => {
      queryClient.setQueryData<ApiToken[]>(settingsKeys.apiTokens(), (list) => list?.filter((item) => item.id !== token.id));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens() });
      onRevoked();
    },
    // Revoked meanwhile in another tab, or expired: the list is stale.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 404) void queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens() });
    },
  });
  const failure = (error: unknown) =>
    error instanceof ApiRequestError && error.status === 404 ? t('tokens.alreadyRevoked') : errorText(serverErrorOf(error), t('tokens.revokeFailed'));

  return (
    <div className="space-y-5">
      <div aria-live="polite">{revoke.error && <AlertMessage tone="error">{failure(revoke.error)}</AlertMessage>}</div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {ts('cancel')}
        </Button>
        <button type="button" className={dangerButton} disabled={revoke.isPending} onClick={() => revoke.mutate()}>
          {revoke.isPending ? t('tokens.revoking') : t('tokens.revokeConfirm')}
        </button>
      </div>
    </div>
  );
}
