import { useId, type InputHTMLAttributes } from 'react';
import { controlClass, describedBy, errorClass, hintClass, labelClass } from './field-styles';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string;
  /** Hide the label visually while keeping it for screen readers. */
  hideLabel?: boolean;
};

export function TextField({ label, hint, error, hideLabel = false, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId)}
        aria-required={inputProps.required || undefined}
        className={`${controlClass(Boolean(error))} ${hideLabel ? '' : 'mt-1.5'}`}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
