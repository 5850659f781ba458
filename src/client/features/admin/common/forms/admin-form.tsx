import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';
import { FormAlert } from '../shell/admin-page.tsx';

/**
 * An admin form: checked by its own code rather than the browser's bubbles (noValidate), with a
 * refused request's message above its fields, after any `intro` (a heading, a sentence).
 */
export function AdminForm({
  onSubmit,
  alert,
  intro,
  className = 'flex max-w-md flex-col gap-4',
  children,
  ...rest
}: {
  onSubmit: (event: FormEvent) => Promise<void>;
  alert: string | undefined;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'className' | 'children'>) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={className} {...rest}>
      {intro}
      <FormAlert message={alert} />
      {children}
    </form>
  );
}
