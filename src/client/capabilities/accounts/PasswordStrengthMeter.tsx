import {
  PASSWORD_OKAY_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  PASSWORD_STRENGTH_LABELS,
  PASSWORD_STRONG_LENGTH,
  passwordChecks,
  passwordStrength,
  type PasswordChecks,
  type PasswordStrength,
} from '../../../shared/validation';
import './auth.css';

const RANK: Record<PasswordStrength, number> = { insufficient: 0, poor: 1, okay: 2, strong: 3 };

const CHECKS: { key: keyof PasswordChecks; text: string }[] = [
  { key: 'length', text: `${PASSWORD_OKAY_LENGTH} caractères au moins` },
  { key: 'uppercase', text: 'une majuscule' },
  { key: 'lowercase', text: 'une minuscule' },
  { key: 'digit', text: 'un chiffre' },
  { key: 'special', text: 'un caractère spécial parmi' },
];

const SPECIALS = new Set(PASSWORD_SPECIAL_CHARACTERS);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Symbols typed that the rule does not count ('?' is the usual one): said, so nobody wonders why. */
function uncountedSymbols(password: string): string[] {
  return [...new Set(Array.from(password).filter((c) => c.trim() !== '' && !LETTER_OR_DIGIT.test(c) && !SPECIALS.has(c)))];
}

/**
 * What 'Correct' needs, part by part, ticked as it is typed: a rule met by trial and error
 * costs sign-ups. Neutral until something is typed, then each part says met or missing in
 * words too (never colour or icon alone).
 */
function PasswordChecklist({ password }: { password: string }) {
  const checks = passwordChecks(password);
  const typed = password !== '';
  const uncounted = uncountedSymbols(password);
  return (
    <ul className="password-checks" role="list" aria-label="Le mot de passe doit contenir">
      {CHECKS.map(({ key, text }) => {
        const state = !typed ? 'todo' : checks[key] ? 'met' : 'missing';
        return (
          <li key={key} className={`password-checks__item password-checks__item--${state}`}>
            <span className="password-checks__icon" aria-hidden="true">
              {state === 'met' ? '✓' : state === 'missing' ? '✗' : '•'}
            </span>
            <span>
              {text}
              {key === 'special' && (
                <>
                  {' '}
                  <span className="strength__specials">{PASSWORD_SPECIAL_CHARACTERS}</span>
                  {uncounted.length > 0 && !checks.special && (
                    <span className="password-checks__note">
                      {uncounted.map((c) => `« ${c} »`).join(', ')} ne {uncounted.length > 1 ? 'comptent' : 'compte'} pas
                    </span>
                  )}
                </>
              )}
              {state !== 'todo' && <span className="visually-hidden">{state === 'met' ? ' : fait' : ' : manquant'}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

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
      <PasswordChecklist password={password} />
      <p className="strength__rule">{PASSWORD_STRONG_LENGTH} caractères ou plus pour « Fort ».</p>
    </div>
  );
}
