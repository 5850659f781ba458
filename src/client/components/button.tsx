import type { ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';

/** Seed §9: variants primary (default), secondary, outline; sizes sm, md (default), lg. */
export type ButtonVariant = 'primary' | 'secondary' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ' +
  'disabled:cursor-not-allowed disabled:opacity-60';
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-white hover:bg-primary/90',
  secondary:
    'bg-gray-100 text-gray-900 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-50 dark:hover:bg-gray-700',
  outline:
    'border-2 border-current bg-transparent text-[var(--color-primary-text)] hover:bg-primary/10',
};
const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-12 px-7 text-lg',
};

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${className}`.trim();
}

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize };

/** A <button type="button"> unless told; `ref` reaches the element (a prop in React 19). */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, className: className ?? '' })}
      {...props}
    />
  );
}

/** A link that looks like a button, for navigation (a real <a>, so it opens in a new tab too). */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & StyleProps) {
  return (
    <Link className={buttonClassName({ variant, size, className: className ?? '' })} {...props} />
  );
}
