import type { ReactNode, Ref } from 'react';
import { Field } from '../../platform/ui/Field';

/** The member's password as they have it: to sign in, or to confirm a change of their account. */
export function CurrentPasswordField({
  label,
  value,
  onChange,
  ref,
  id,
}: {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  id?: string;
}) {
  return <Field ref={ref} id={id} label={label} type="password" autoComplete="current-password" required value={value} onChange={onChange} />;
}
