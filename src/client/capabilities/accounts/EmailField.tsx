import type { ReactNode, Ref } from 'react';
import { fieldMessages } from '../../../shared/messages';
import { isValidEmail } from '../../../shared/validation';
import { Field } from '../../platform/ui/Field';

interface EmailFieldProps {
  /** 'Adresse mail' unless said otherwise ('Nouvelle adresse mail' on the account page). */
  label?: string;
  value: string;
  onChange(value: string): void;
  /** Replaces 'Adresse mail invalide', and is shown even while empty (forgot password, spec §5). */
  notValidMessage?: string;
  /** What the server found wrong with this very address (already used): red, with this line under it. */
  refusal?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

/** 'Adresse mail', red with 'Adresse mail invalide' as soon as what is typed cannot be one. */
export function EmailField({ label = 'Adresse mail', value, onChange, notValidMessage, refusal, ref, id }: EmailFieldProps) {
  const trimmed = value.trim();
  const valid = isValidEmail(trimmed);
  const refused = Boolean(refusal);
  const invalid = (trimmed !== '' && !valid) || refused;
  const message = refused ? refusal : (valid ? undefined : (notValidMessage ?? (invalid ? fieldMessages.invalidEmail : undefined)));
  return (
    <Field
      ref={ref as Ref<HTMLInputElement | HTMLTextAreaElement>}
      id={id}
      label={label}
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      required
      value={value}
      onChange={onChange}
      invalid={invalid}
      valid={valid && !refused}
      message={message}
    />
  );
}
