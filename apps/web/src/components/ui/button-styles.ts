export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline-light' | 'inverse' | 'social';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors duration-150 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-brand-600 hover:text-brand-800',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  // For dark (brand-900) backgrounds, where the default focus colour would vanish.
  'outline-light': 'border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white',
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-white',
  social: 'w-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/**
 * The same heights as a floor, for a label that may run to two lines in a narrow column (a long
 * translation): one line looks exactly as in `sizes`, a second line grows the button instead of
 * spilling out of it. Not the default: a button without a fixed height stretches in a flex row.
 */
const wrappingSizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 py-1.5 text-sm text-center',
  md: 'min-h-11 px-5 py-2.5 text-sm text-center',
  lg: 'min-h-12 px-6 py-3 text-base text-center',
};

/** Shared by <Button> and by router links that must look like buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '', wrap = false) {
  return [base, variants[variant], (wrap ? wrappingSizes : sizes)[size], extra].filter(Boolean).join(' ');
}
