import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { formatLocalDate, useIntlLocale } from '@/lib/format';
import { dateProblem, type DateBounds } from '../maintenance-dates';

type DateActionDialogProps = {
  open: boolean;
  mode: 'schedule' | 'complete';
  /** What the date is for ("Replace the HVAC filter · Furnace"). */
  description: string;
  initialDate: string;
  bounds: DateBounds;
  pending: boolean;
  /** The server's refusal, already in words. */
  error: string | null;
  onSubmit: (date: string) => void;
  onClose: () => void;
};

/**
 * One date and a confirm button: Take Action and Schedule (a date from today on) and Mark as done
 * (today or earlier). Its date is its own state from the moment it opens, so a live refetch
 * behind it never resets what the member typed.
 */
export function DateActionDialog({ open, mode, description, initialDate, bounds, pending, error, onSubmit, onClose }: DateActionDialogProps) {
  const { t } = useTranslation('maintenance');
  const locale = useIntlLocale();
  const [date, setDate] = useState(initialDate);
  const [problem, setProblem] = useState<string | null>(null);
  const hint = mode === 'schedule' ? t('schedule.hint', { max: formatLocalDate(bounds.max, locale, { dateStyle: 'long' }) }) : t('complete.hint');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = dateProblem(date, bounds, mode);
    setProblem(found ? t(`errors.${found}`) : null);
    if (!found) onSubmit(date);
  };

  return (
    <Modal open={open} onClose={onClose} placement="center" title={t(`${mode}.title`)} description={description}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div aria-live="polite">{error && !problem ? <AlertMessage tone="error">{error}</AlertMessage> : null}</div>
        <TextField
          type="date"
          label={t(`${mode}.date`)}
          hint={hint}
          value={date}
          min={bounds.min}
          max={bounds.max}
          required
          data-autofocus
          error={problem ?? undefined}
          onChange={(event) => {
            setDate(event.target.value);
            setProblem(null);
          }}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t(`${mode}.cancel`)}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t(`${mode}.submitting`) : t(`${mode}.submit`)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
