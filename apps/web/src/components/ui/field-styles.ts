// slate-600 on white keeps small hint text above the 4.5:1 contrast ratio.
export const labelClass = 'block text-sm font-medium text-slate-800';
export const hintClass = 'mt-1.5 text-sm text-slate-600';
export const errorClass = 'mt-1.5 text-sm font-medium text-red-700';

export function controlClass(invalid: boolean) {
  return [
    'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
    'placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0',
    invalid ? 'border-red-600 focus:outline-red-600' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-600',
  ].join(' ');
}

/** The ids an input's aria-describedby should point at, or undefined when there are none. */
export function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}
