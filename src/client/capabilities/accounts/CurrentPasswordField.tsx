import type { ReactNode, Ref } from 'react';
import { Field } from '../../platform/ui/Field';

/** The member's password as they have it: to sign in, or to confirm a change of their account. */
export function CurrentPasswordField({
  label,
  value,
  onChange,
  ref,
}: {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement | HTMLTextAreaElement>;
}) {
  return <Field ref={ref} label={label} type="password" autoComplete="current-password" required value={value} onChange={onChange} />;
}
