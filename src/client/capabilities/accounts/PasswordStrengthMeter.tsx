import {
  PASSWORD_OKAY_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  PASSWORD_STRENGTH_LABELS,
  PASSWORD_STRONG_LENGTH,
  passwordStrength,
  type PasswordStrength,
} from '../../../shared/validation';
import './auth.css';

const RANK: Record<PasswordStrength, number> = { insufficient: 0, poor: 1, okay: 2, strong: 3 };

/**
 * Spec §5's four levels, shown as a bar, named in words (never colour alone) and exposed as
 * a meter. Meant for a Field's `hint`, so the rule is read with the password field.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const label = PASSWORD_STRENGTH_LABELS[strength];
  return (
    <div className={`strength strength--${strength}`}>
      <div className="strength__row">
        <div
          className="strength__bar"
          role="meter"
          aria-label="Force du mot de passe"
          aria-valuemin={0}
          aria-valuemax={3}
          aria-valuenow={RANK[strength]}
          aria-valuetext={label}
        >
          {[1, 2, 3].map((step) => (
            <span key={step} className="strength__segment" data-filled={RANK[strength] >= step || undefined} />
          ))}
        </div>
        {/* Announced when the level changes, not at every keystroke. */}
        <p className="strength__label" aria-live="polite">
          Force : <strong>{label}</strong>
        </p>
      </div>
      <p className="strength__rule">
        Au moins {PASSWORD_OKAY_LENGTH} caractères, avec une majuscule, une minuscule, un chiffre et un caractère
        spécial parmi <span className="strength__specials">{PASSWORD_SPECIAL_CHARACTERS}</span> ({PASSWORD_STRONG_LENGTH}{' '}
        caractères ou plus pour « Fort »).
      </p>
    </div>
  );
}
