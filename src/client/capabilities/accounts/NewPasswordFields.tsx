import { fieldMessages } from '../../../shared/messages';
import { isPasswordAccepted, passwordsMatch } from '../../../shared/validation';
import { Field } from '../../platform/ui/Field';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange(value: string): void;
  onConfirmationChange(value: string): void;
  /** 'Mot de passe' when registering, 'Nouveau mot de passe' when changing it. */
  passwordLabel?: string;
  /** The inputs' ids, for a form that moves the focus to the one holding its button back. */
  passwordId?: string;
  confirmationId?: string;
}

/**
 * A new password with its strength meter and its confirmation (spec §5), as every form asks it.
 * Each turns red once left, not at the first letter: the meter and its list guide the typing.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordLabel = 'Mot de passe',
  passwordId,
  confirmationId,
}: NewPasswordFieldsProps) {
  const accepted = isPasswordAccepted(password);
  const confirmationDiffers = confirmation !== '' && !passwordsMatch(password, confirmation);
  return (
    <>
      <Field
        id={passwordId}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={onPasswordChange}
        problem={password !== '' && !accepted}
        valid={accepted}
        hint={<PasswordStrengthMeter password={password} />}
      />
      <Field
        id={confirmationId}
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={onConfirmationChange}
        problem={confirmationDiffers && fieldMessages.passwordsDiffer}
        valid={accepted && confirmation !== '' && !confirmationDiffers}
      />
    </>
  );
}
