import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CANADIAN_TIME_ZONES, type CanadianTimeZone, type Language, type Profile } from '@peakwise/contracts/account.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { SelectField } from '@/components/ui/select-field';
import { i18n as i18next } from '@/lib/i18n';
import { isCanadianTimeZone, setTimeZone, useTimeZone } from '@/lib/time-zone';
import { languages } from '@/locales/languages';
import { getProfile, updatePreferences } from '../api/settings-api';
import { settingsKeys } from '../settings-keys';
import { SettingsCard } from './settings-card';

// West to east, as CANADIAN_TIME_ZONES lists them.
const zoneNames: Record<CanadianTimeZone, 'pacific' | 'mountain' | 'central' | 'eastern' | 'atlantic' | 'newfoundland'> = {
  'America/Vancouver': 'pacific',
  'America/Edmonton': 'mountain',
  'America/Winnipeg': 'central',
  'America/Toronto': 'eastern',
  'America/Halifax': 'atlantic',
  'America/St_Johns': 'newfoundland',
};

/** Language and time zone: saved to the profile and applied at once, here and on every device. */
export function PreferencesCard() {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: settingsKeys.profile(), queryFn: getProfile });
  const timeZone = useTimeZone();
  const current = (languages as readonly string[]).includes(i18next.resolvedLanguage ?? '') ? (i18next.resolvedLanguage as Language) : 'en';

  const save = useMutation({
    mutationFn: updatePreferences,
    onSuccess: async (saved: Profile) => {
      // Compared with the saved profile, not the zone shown: before a first save that is this browser's guess.
      const zoneChanged = saved.timeZone !== queryClient.getQueryData<Profile>(settingsKeys.profile())?.timeZone;
      queryClient.setQueryData(settingsKeys.profile(), saved);
      setTimeZone(saved.timeZone);
      // The household's days were re-cut on the server: every chart, total and cost fetched in
      // the old zone is out of date (settings' own data is not).
      if (zoneChanged) await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
      if (saved.language !== i18next.resolvedLanguage) await i18next.changeLanguage(saved.language);
    },
  });

  const busy = save.isPending || profile.isPending;
  return (
    <SettingsCard title={t('preferences.title')} description={t('preferences.description')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('preferences.language')}
          name="language"
          value={save.isPending && save.variables.language ? save.variables.language : current}
          disabled={busy}
          options={languages.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
          onChange={(event) => save.mutate({ language: event.target.value as Language })}
        />
        <SelectField
          label={t('preferences.timeZone')}
          hint={t('preferences.timeZoneHint')}
          name="timeZone"
          value={save.isPending && save.variables.timeZone ? save.variables.timeZone : timeZone}
          disabled={busy}
          options={CANADIAN_TIME_ZONES.map((zone) => ({ value: zone, label: t(`preferences.zones.${zoneNames[zone]}`) }))}
          onChange={(event) => {
            if (isCanadianTimeZone(event.target.value)) save.mutate({ timeZone: event.target.value });
          }}
        />
      </div>
      <div aria-live="polite" className="empty:hidden">
        {save.isSuccess && <p className="mt-3 text-sm font-medium text-brand-800">{t('saved')}</p>}
        {save.isError && (
          <div className="mt-4">
            <AlertMessage tone="error">{t('preferences.failed')}</AlertMessage>
          </div>
        )}
      </div>
    </SettingsCard>
  );
}
