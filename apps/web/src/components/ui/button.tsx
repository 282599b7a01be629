import type { ButtonHTMLAttributes } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The label may wrap onto a second line: the size's height becomes a minimum. */
  wrap?: boolean;
};

export function Button({ variant = 'primary', size = 'md', wrap = false, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className, wrap)} {...props} />;
}
