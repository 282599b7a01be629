import { useId, type InputHTMLAttributes } from 'react';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { label: string };

export function Checkbox({ label, className = '', ...props }: CheckboxProps) {
  const id = useId();
  return (
    // One label around box and text: the whole line is the touch target, at least 44 px tall.
    <label htmlFor={id} className={`flex min-h-11 cursor-pointer items-start gap-3 py-3 ${className}`}>
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        {...props}
      />
      <span className="text-sm leading-5 text-slate-700">{label}</span>
    </label>
  );
}
