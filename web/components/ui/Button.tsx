import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from '../../lib/router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

/**
 * The classes of a button or a link that looks like one: component classes in web/styles.css
 * (`.btn`, `.btn-<variant>`, `.btn-<size>`), so the markup carries three short names instead of the
 * same thirty utilities on every button; `extra` utilities win over them (the components layer).
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `btn btn-${variant} btn-${size} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** To move focus to it (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

export function ButtonLink({ variant, size, className = '', ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClass(variant, size, typeof className === 'string' ? className : '')} {...rest} />
  );
}
