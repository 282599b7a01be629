import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Home } from '@peakwise/contracts/household-home.contract';
import { Checkbox } from '@/components/ui/checkbox';
import { useDemoSharedText } from '@/lib/demo-shared-text';
import { saveBattery } from '../api/home-api';
import { settingsKeys } from '../settings-keys';

/**
 * "My home has a battery" (decision 138). Saved the moment it is ticked, apart from the home's
 * form: that one needs a postal code, and this answer does not.
 */
export function HomeBatteryField({ hasBattery }: { hasBattery: boolean }) {
  const { t } = useTranslation('settings');
  const hintId = useId();
  const statusId = useId();
  const queryClient = useQueryClient();
  const demoShared = useDemoSharedText();
  const save = useMutation({
    mutationFn: saveBattery,
    onSuccess: (saved) => queryClient.setQueryData<Home>(settingsKeys.home(), (home) => (home ? { ...home, hasBattery: saved.hasBattery } : home)),
  });
  // While saving, the box shows the answer on its way; after a failure, the one still saved.
  const checked = save.isPending ? save.variables : hasBattery;
  const status = save.isPending
    ? t('home.batterySaving')
    : save.isError
      ? (demoShared(save.error) ?? t('home.batteryFailed'))
      : save.isSuccess
        ? t(save.data.hasBattery ? 'home.batterySavedYes' : 'home.batterySavedNo')
        : '';
  return (
    <div className="border-t border-slate-200 pt-5">
      <Checkbox
        label={t('home.battery')}
        name="hasBattery"
        checked={checked}
        disabled={save.isPending}
        aria-describedby={status ? `${hintId} ${statusId}` : hintId}
        onChange={(event) => save.mutate(event.target.checked)}
      />
      <p id={hintId} className="mt-1 pl-8 text-sm text-slate-600">
        {t('home.batteryHint')}
      </p>
      <p id={statusId} role="status" className={`mt-2 min-h-5 pl-8 text-sm ${save.isError ? 'font-medium text-red-700' : 'text-brand-800'}`}>
        {status}
      </p>
    </div>
  );
}
