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

/**
 * 'Adresse mail'. What cannot be an address turns it red with 'Adresse mail invalide' once the
 * field is left, not at the first letter typed; the server's refusal, at once.
 */
export function EmailField({ label = 'Adresse mail', value, onChange, notValidMessage, refusal, ref, id }: EmailFieldProps) {
  const trimmed = value.trim();
  const valid = isValidEmail(trimmed);
  const refused = Boolean(refusal);
  const typedWrong = trimmed !== '' && !valid;
  // A form's own line (forgot password) is always there; the generic one only says what went wrong.
  const message = refused ? refusal : valid ? undefined : notValidMessage;
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
      invalid={refused}
      problem={typedWrong && (notValidMessage ? true : fieldMessages.invalidEmail)}
      valid={valid && !refused}
      message={message}
    />
  );
}
