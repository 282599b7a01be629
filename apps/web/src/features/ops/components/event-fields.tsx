import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { MAX_REWARD_POINTS, type EventErrorKey, type EventField, type EventFormValues } from '../event-window';
import { OPS_TIME_ZONES } from '../ops-time-zones';

type EventFieldsProps = {
  values: EventFormValues;
  errors: Partial<Record<EventField, EventErrorKey>>;
  onChange: (field: keyof EventFormValues, value: string) => void;
  disabled?: boolean;
};

/** The window and terms of an event, shared by the schedule form and the edit dialog. */
export function EventFields({ values, errors, onChange, disabled = false }: EventFieldsProps) {
  const { t } = useTranslation('ops');
  const error = (field: EventField) => (errors[field] ? t(`errors.${errors[field]}`) : undefined);
  const text = (field: keyof EventFormValues) => ({
    name: field,
    value: values[field],
    error: error(field),
    disabled,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
  });

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('form.date')} type="date" required {...text('date')} />
        <TextField label={t('form.startTime')} type="time" required step={60} {...text('startTime')} />
        <TextField label={t('form.endTime')} type="time" required step={60} {...text('endTime')} />
      </div>
      <SelectField
        label={t('form.timeZone')}
        hint={t('form.timeZoneHint')}
        name="timeZone"
        value={values.timeZone}
        disabled={disabled}
        options={OPS_TIME_ZONES.map((zone) => ({ value: zone, label: t('form.zoneOption', { label: t(`zones.${zone}`), zone }) }))}
        onChange={(event) => onChange('timeZone', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.reward')} hint={t('form.rewardHint')} type="number" inputMode="numeric" min={1} max={MAX_REWARD_POINTS} step={1} required {...text('rewardPoints')} />
        <TextField label={t('form.target')} type="number" inputMode="numeric" min={1} max={90} step={1} required {...text('targetPercent')} />
      </div>
    </>
  );
}
