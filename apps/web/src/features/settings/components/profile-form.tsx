import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import type { Profile } from '@peakwise/contracts/account.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError, serverErrorOf } from '@/lib/api-request';
import { notifyUserUpdated } from '@/lib/session';
import { useServerErrorText } from '@/lib/server-error-text';
import { getProfile, updateProfile } from '../api/settings-api';
import { settingsKeys } from '../settings-keys';
import { SettingsCard } from './settings-card';

/** The profile form (docs/product/routes-and-screens.md#settings, docs/product/messages.md#profile) — loading, idle, saving, then success or an error message. */
export function ProfileForm() {
  const { t } = useTranslation('settings');
  const profile = useQuery({ queryKey: settingsKeys.profile(), queryFn: getProfile });

  return (
    <SettingsCard title={t('profile.title')} description={t('profile.description')}>
      {profile.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('profile.loading')} />
        </div>
      ) : (
        // Remounted with the loaded values; on a load failure the fields start empty (docs/product/domain-rules.md#profile-and-email-change).
        <ProfileFields key={profile.data?.id ?? 'empty'} profile={profile.data} loadFailed={profile.isError} />
      )}
    </SettingsCard>
  );
}

function ProfileFields({ profile, loadFailed }: { profile: Profile | undefined; loadFailed: boolean }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const errorText = useServerErrorText();
  const [name, setName] = useState(profile?.name ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (saved) => {
      // A new address waits for its confirmation link: the field goes back to the one in use.
      setEmail(saved.email);
      queryClient.setQueryData(settingsKeys.profile(), saved);
      await notifyUserUpdated(queryClient);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ name, email });
  };

  const failure = save.error
    ? save.error instanceof ApiRequestError && save.error.status === 401
      ? t('profile.noUser')
      : errorText(serverErrorOf(save.error), t('profile.saveFailed'))
    : undefined;
  const pendingEmail = save.data?.pendingEmail ?? profile?.pendingEmail;

  return (
    <form onSubmit={submit} className="space-y-5">
      {loadFailed && (
        <div role="alert">
          <AlertMessage tone="error">{t('profile.loadFailed')}</AlertMessage>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('profile.name')} name="name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        <TextField
          label={t('profile.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div aria-live="polite" className="space-y-3 empty:hidden">
        {save.isSuccess && <AlertMessage tone="success">{t('profile.saved')}</AlertMessage>}
        {failure && <AlertMessage tone="error">{failure}</AlertMessage>}
        {pendingEmail && !save.isPending && (
          <p className="flex gap-2.5 rounded-xl border border-sky-200 bg-sky-50 px-3.5 py-3 text-sm text-sky-900">
            <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('profile.pendingEmail', { email: pendingEmail })}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
