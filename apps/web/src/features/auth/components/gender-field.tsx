import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gender } from '../api/sign-up-email';

// '' is "prefer not to say": gender is optional, and a radio once chosen cannot be unchosen otherwise.
const genders: (Gender | '')[] = ['male', 'female', 'non-binary', ''];

type GenderFieldProps = { value: Gender | ''; error?: string; onChange: (value: Gender | '') => void };

export function GenderField({ value, error, onChange }: GenderFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('signup.gender')}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {genders.map((gender) => (
          <label
            key={gender || 'none'}
            className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3.5 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={`${id}-gender`}
              value={gender}
              checked={value === gender}
              onChange={() => onChange(gender)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="size-4 accent-brand-700 focus:outline-none"
            />
            {gender ? t(`signup.genders.${gender}`) : t('signup.genderNone')}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
