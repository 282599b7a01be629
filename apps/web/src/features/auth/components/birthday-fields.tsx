import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { MIN_BIRTH_YEAR } from '../birth-date';
import { monthOptions } from './month-options';

type BirthdayValue = { month: string; day: string; year: string };
type BirthdayErrors = Partial<Record<keyof BirthdayValue, string>>;

type BirthdayFieldsProps = {
  value: BirthdayValue;
  errors: BirthdayErrors;
  currentYear: number;
  onChange: (field: keyof BirthdayValue, value: string) => void;
};

export function BirthdayFields({ value, errors, currentYear, onChange }: BirthdayFieldsProps) {
  const { t } = useTranslation('auth');
  // `t` is a new function when the language changes, so the names follow it.
  const months = useMemo(() => monthOptions(t), [t]);
  // Messages go under the whole row: three narrow columns of wrapped text are hard to read.
  const id = useId();
  const errorIds = { month: `${id}-month-error`, day: `${id}-day-error`, year: `${id}-year-error` };
  const fields = ['month', 'day', 'year'] as const;

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{t('signup.birthday')}</legend>
      <div className="mt-1.5 grid grid-cols-[1.4fr_1fr_1.1fr] gap-3">
        <SelectField
          label={t('signup.month')}
          name="birthMonth"
          options={months}
          placeholder={t('signup.month')}
          value={value.month}
          error={errors.month}
          errorId={errorIds.month}
          onChange={(event) => onChange('month', event.target.value)}
          className="[&_label]:text-xs [&_label]:text-slate-600"
        />
        <TextField
          label={t('signup.day')}
          name="birthDay"
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          value={value.day}
          error={errors.day}
          errorId={errorIds.day}
          onChange={(event) => onChange('day', event.target.value)}
          className="[&_label]:text-xs [&_label]:text-slate-600"
        />
        <TextField
          label={t('signup.year')}
          name="birthYear"
          type="number"
          inputMode="numeric"
          min={MIN_BIRTH_YEAR}
          max={currentYear}
          value={value.year}
          error={errors.year}
          errorId={errorIds.year}
          onChange={(event) => onChange('year', event.target.value)}
          className="[&_label]:text-xs [&_label]:text-slate-600"
        />
      </div>
      {fields.map(
        (field) =>
          errors[field] && (
            <p key={field} id={errorIds[field]} className="mt-1.5 text-sm font-medium text-red-700">
              {errors[field]}
            </p>
          ),
      )}
    </fieldset>
  );
}
