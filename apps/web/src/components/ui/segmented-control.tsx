import { useId } from 'react';

type SegmentedControlProps<T extends string> = {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/**
 * A row of mutually exclusive choices, built on native radios: arrow keys and forms work for free.
 * On a phone the row is the width of its box and a long label wraps inside its cell ("Dernières
 * 24 heures" did not fit 390 px on one line); a fieldset is as wide as its content unless told.
 */
export function SegmentedControl<T extends string>({ label, options, value, onChange }: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className="flex w-full min-w-0 rounded-lg bg-slate-100 p-1 sm:inline-flex sm:w-auto">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="relative flex min-w-0 flex-1 cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-center text-xs leading-tight font-medium sm:flex-none sm:px-3 sm:text-sm sm:whitespace-nowrap text-slate-600 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-600"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
