import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETING_CONSENT_WORDING, type Profile } from '@peakwise/contracts/account.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { getProfile, setMarketingConsent, setUtilityDataConsent } from '../api/settings-api';
import { settingsKeys } from '../settings-keys';
import { SettingsCard } from './settings-card';

/**
 * The member's consents, as switches: the marketing one from sign-up, and the utility's per-home
 * figures (decision 121). Every change is recorded with its wording.
 */
export function PrivacyCard() {
  const { t } = useTranslation(['settings', 'auth']);
  const profile = useQuery({ queryKey: settingsKeys.profile(), queryFn: getProfile });
  // The consent is recorded with the English wording (MARKETING_CONSENT_WORDING); readers see theirs.
  const wording = t('auth:signup.marketingConsent', { defaultValue: MARKETING_CONSENT_WORDING });

  return (
    <SettingsCard title={t('privacy.title')} description={t('privacy.description')}>
      <div className="space-y-5">
        <ConsentSwitch label={wording} loading={profile.isPending} granted={profile.data?.marketingConsent ?? false} save={setMarketingConsent} />
        <ConsentSwitch
          label={t('privacy.utilityData')}
          hint={t('privacy.utilityDataHint')}
          loading={profile.isPending}
          granted={profile.data?.utilityDataConsent ?? false}
          save={setUtilityDataConsent}
        />
      </div>
    </SettingsCard>
  );
}

function ConsentSwitch(props: { label: string; hint?: string; loading: boolean; granted: boolean; save: (granted: boolean) => Promise<Profile> }) {
  const { t } = useTranslation('settings');
  const labelId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: (saved: Profile) => {
      queryClient.setQueryData(settingsKeys.profile(), saved);
      // The change is a new line of the consent history.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.consentHistory() });
    },
  });
  const granted = save.isPending ? save.variables : props.granted;
  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id={labelId} className="text-sm text-slate-800">
            {props.label}
          </p>
          {props.hint && (
            <p id={hintId} className="mt-1 text-sm text-slate-600">
              {props.hint}
            </p>
          )}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={granted}
          aria-labelledby={labelId}
          aria-describedby={props.hint ? hintId : undefined}
          disabled={props.loading || save.isPending}
          onClick={() => save.mutate(!granted)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${
            granted ? 'bg-brand-700' : 'bg-slate-400'
          }`}
        >
          <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${granted ? 'translate-x-5' : 'translate-x-0.5'}`} />
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {save.isSuccess && <p className="mt-3 text-sm font-medium text-brand-800">{t('saved')}</p>}
        {save.isError && (
          <div className="mt-4">
            <AlertMessage tone="error">{t('privacy.failed')}</AlertMessage>
          </div>
        )}
      </div>
    </div>
  );
}
