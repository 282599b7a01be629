import { REMINDER_LEAD_DAYS } from '@peakwise/contracts/billing-preferences.contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { useBillingPreferences } from '../api/use-billing-preferences';
import { useSaveBillingPreferences } from '../api/use-save-billing-preferences';

const LEAD_DAYS = Array.from({ length: REMINDER_LEAD_DAYS.max - REMINDER_LEAD_DAYS.min + 1 }, (_, i) => REMINDER_LEAD_DAYS.min + i);

/** Bill reminders on or off, and how many days before the due date (decision 049); the channels are the notification settings'. */
export function BillRemindersCard() {
  const { t } = useTranslation('billing');
  const hintId = useId();
  const statusId = useId();
  const prefs = useBillingPreferences();
  const save = useSaveBillingPreferences();
  const pending = save.isPending ? save.variables : undefined;
  const enabled = pending?.remindersEnabled ?? prefs.data?.remindersEnabled ?? true;
  const leadDays = pending?.reminderLeadDays ?? prefs.data?.reminderLeadDays ?? REMINDER_LEAD_DAYS.default;

  return (
    <section aria-labelledby="reminders-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="bill-reminders">
      <h2 id="reminders-title" className="text-lg font-semibold text-slate-900">
        {t('reminders.title')}
      </h2>
      {prefs.data ? (
        <div className="mt-3 space-y-4">
          <div>
            <Checkbox
              label={t('reminders.toggle')}
              checked={enabled}
              disabled={save.isPending}
              aria-describedby={`${hintId} ${statusId}`}
              onChange={(event) => save.mutate({ remindersEnabled: event.target.checked })}
            />
            <p id={hintId} className="pl-8 text-sm text-slate-600">
              {t('reminders.hint')}
            </p>
          </div>
          <SelectField
            className="max-w-xs"
            label={t('reminders.leadDays')}
            value={String(leadDays)}
            disabled={save.isPending || !enabled}
            options={LEAD_DAYS.map((n) => ({ value: String(n), label: t('reminders.days', { count: n }) }))}
            onChange={(event) => save.mutate({ reminderLeadDays: Number(event.target.value) })}
          />
          <p id={statusId} role="status" className="text-sm text-slate-700">
            {save.isError ? t('reminders.error') : save.isSuccess ? t('reminders.saved') : ''}
          </p>
        </div>
      ) : prefs.isError ? (
        <p className="mt-2 text-sm text-slate-700">{t('reminders.loadError')}</p>
      ) : (
        <div role="status" className="mt-3">
          <span className="sr-only">{t('reminders.loading')}</span>
          <Skeleton className="h-16" />
        </div>
      )}
    </section>
  );
}
