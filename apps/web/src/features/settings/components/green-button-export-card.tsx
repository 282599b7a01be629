import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GREEN_BUTTON_EXPORT_PATH, GREEN_BUTTON_MAX_EXPORT_DAYS, greenButtonExportQuerySchema } from '@peakwise/contracts/green-button.contract';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { SettingsCard } from './settings-card';

/** yyyy-mm-dd of the browser's today, offset by `days`: a starting range, not a rule (the server judges in the household's zone). */
function browserDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * "Download my data (Green Button)": the household meter over a range of local dates. A plain
 * GET navigation, so the browser saves the file (the server answers it as an attachment); the
 * range is checked here first with the server's own schema, so a bad range never leaves the page.
 */
export function GreenButtonExportCard() {
  const { t } = useTranslation('greenButton');
  const id = useId();
  const [from, setFrom] = useState(() => browserDate(-30));
  const [to, setTo] = useState(() => browserDate(-1));
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!greenButtonExportQuerySchema.safeParse({ from, to }).success) {
      event.preventDefault();
      setInvalid(true);
    } else {
      setInvalid(false);
    }
  };

  return (
    <SettingsCard title={t('export.title')} description={t('export.description', { days: GREEN_BUTTON_MAX_EXPORT_DAYS })}>
      <form method="get" action={GREEN_BUTTON_EXPORT_PATH} onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('export.from')} type="date" name="from" value={from} required errorId={invalid ? `${id}-error` : undefined} error={invalid ? ' ' : undefined} onChange={(e) => setFrom(e.target.value)} />
          <TextField label={t('export.to')} type="date" name="to" value={to} required errorId={invalid ? `${id}-error` : undefined} error={invalid ? ' ' : undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div aria-live="polite" className="empty:hidden">
          {invalid && (
            <AlertMessage tone="error" id={`${id}-error`}>
              {t('export.invalidRange', { days: GREEN_BUTTON_MAX_EXPORT_DAYS })}
            </AlertMessage>
          )}
        </div>
        <Button type="submit">{t('export.submit')}</Button>
      </form>
    </SettingsCard>
  );
}
