import { SelectField } from './select-field';
import { Spinner } from './spinner';

export type PeriodOption<T extends string | number> = { value: T; label: string };

type PeriodSelectProps<T extends string | number> = {
  label: string;
  value: T;
  options: readonly PeriodOption<T>[];
  onChange: (next: T) => void;
  /** True while the newly chosen period loads; the spinner sits beside the select that caused it. */
  switching: boolean;
  switchingLabel: string;
};

/** The select that picks the period a page or chart shows, with a spinner while that period loads. */
export function PeriodSelect<T extends string | number>({ label, value, options, onChange, switching, switchingLabel }: PeriodSelectProps<T>) {
  return (
    <div className="flex items-end gap-3">
      {switching && <Spinner label={switchingLabel} className="mb-1.5 scale-75" />}
      <SelectField
        label={label}
        value={String(value)}
        onChange={(event) => {
          // A <select> only hands back strings; map back to the option so numeric periods stay numbers.
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        options={options.map((option) => ({ value: String(option.value), label: option.label }))}
        className="w-44"
      />
    </div>
  );
}
