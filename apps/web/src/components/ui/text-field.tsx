import { useId, type InputHTMLAttributes } from 'react';
import { controlClass, describedBy, errorClass, hintClass, labelClass } from './field-styles';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string;
  /** Hide the label visually while keeping it for screen readers. */
  hideLabel?: boolean;
  /** The id of an error message rendered elsewhere (e.g. below a group); `error` then only marks the field invalid. */
  errorId?: string;
};

export function TextField({ label, hint, error, errorId: externalErrorId, hideLabel = false, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const ownError = Boolean(error) && !externalErrorId;
  const errorId = error ? (externalErrorId ?? `${id}-error`) : undefined;
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
      {ownError && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
