import { useId, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { controlClass, describedBy, errorClass, hintClass, labelClass } from './field-styles';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: SelectOption[];
  /** A first, empty option such as "Month". */
  placeholder?: string;
  /** A line under the field saying what the choice does. */
  hint?: string;
  error?: string;
  errorId?: string;
  hideLabel?: boolean;
};

export function SelectField({ label, options, placeholder, hint, error, errorId, hideLabel = false, className = '', ...props }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const ownErrorId = error && !errorId ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
      </label>
      <div className={`relative ${hideLabel ? '' : 'mt-1.5'}`}>
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ownErrorId ?? (error ? errorId : undefined), hintId)}
          className={`${controlClass(Boolean(error))} appearance-none pr-9`}
          {...props}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
      </div>
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      {ownErrorId && (
        <p id={ownErrorId} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
