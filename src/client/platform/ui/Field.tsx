import {
  useId,
  useState,
  type InputHTMLAttributes,
  type TextareaHTMLAttributes,
  type FocusEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { LengthLimitAnnouncer } from './LengthLimitAnnouncer';

export type FieldType = 'text' | 'email' | 'password' | 'textarea' | 'search' | 'tel' | 'url' | 'number' | 'date';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'children' | 'size' | 'required'
>;

export interface FieldProps extends NativeInputProps {
  /** Visible label, tied to the input by htmlFor. */
  label: ReactNode;
  type?: FieldType;
  value: string;
  onChange: (value: string) => void;
  /**
   * Red border, warning icon and aria-invalid, at once: for what is no typing slip (the button
   * pressed with the field holding it back, the server's refusal, a name already taken).
   */
  invalid?: boolean;
  /**
   * What is wrong with the value as typed (too short, not an address yet), as the line to show,
   * or `true` when the hint already says it. Shown red only once the field has been left, or
   * with `invalid`; then it follows every key. A first letter is not a mistake.
   */
  problem?: ReactNode;
  /** Green border and tick icon. */
  valid?: boolean;
  /** Error or success text under the field, announced politely when it changes. */
  message?: ReactNode;
  /** Help under the field (format, strength meter); read as part of the description. */
  hint?: ReactNode;
  /** Shows 'n/max' under the field (requires maxLength); a screen reader hears it near the limit only. */
  showCount?: boolean;
  /** Textarea rows. */
  rows?: number;
  /** Marked with aria-required; the native attribute would show browser bubbles in other languages. */
  required?: boolean;
  /** Goes to the input (or textarea) element. */
  ref?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  className?: string;
}

/**
 * A labelled text input or textarea with its valid/invalid state, message and, for passwords,
 * a show/hide toggle. The state is shown by colour, icon and text, never colour alone.
 */
export function Field({
  label,
  type = 'text',
  value,
  onChange,
  invalid: invalidNow = false,
  problem,
  valid = false,
  message: givenMessage,
  hint,
  showCount = false,
  rows = 5,
  required,
  id,
  maxLength,
  className,
  ref,
  'aria-describedby': describedBy,
  onBlur,
  ...rest
}: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const hintId = `${generatedId}-hint`;
  const messageId = `${generatedId}-message`;
  const counterId = `${generatedId}-counter`;
  const [passwordShown, setPasswordShown] = useState(false);
  const [left, setLeft] = useState(false);

  const problemShown = problem !== undefined && problem !== null && problem !== false && problem !== '' && (left || invalidNow);
  const invalid = invalidNow || problemShown;
  const message = givenMessage ?? (problemShown && problem !== true ? problem : undefined);

  const isPassword = type === 'password';
  const isTextarea = type === 'textarea';
  const state = invalid ? 'invalid' : valid ? 'valid' : undefined;
  const hasMessage = message !== undefined && message !== null && message !== '' && message !== false;
  const withCounter = showCount && maxLength !== undefined;

  const describedByIds =
    [describedBy, hint != null && hintId, hasMessage && messageId, withCounter && counterId]
      .filter(Boolean)
      .join(' ') || undefined;

  const shared = {
    ...rest,
    id: inputId,
    className: 'field__input',
    value,
    maxLength,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedByIds,
    onBlur(event: FocusEvent<HTMLInputElement & HTMLTextAreaElement>) {
      setLeft(true);
      onBlur?.(event);
    },
  };

  const classes = ['field', state && `field--${state}`, className].filter(Boolean).join(' ');
  const controlClasses = [
    'field__control',
    isTextarea && 'field__control--textarea',
    isPassword && 'field__control--toggle',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={controlClasses}>
        {isTextarea ? (
          <textarea
            {...(shared as TextareaHTMLAttributes<HTMLTextAreaElement>)}
            ref={ref as Ref<HTMLTextAreaElement>}
            rows={rows}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            {...shared}
            ref={ref as Ref<HTMLInputElement>}
            type={isPassword && passwordShown ? 'text' : type}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        {state && <StateIcon state={state} />}
        {isPassword && (
          <button
            type="button"
            className="field__toggle"
            aria-pressed={passwordShown}
            aria-label={passwordShown ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
            // Tells assistive technologies which field the toggle changes.
            aria-controls={inputId}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            <EyeIcon crossed={passwordShown} />
          </button>
        )}
      </div>
      {hint != null && (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      <div className="field__footer">
        {/* Always rendered: a live region must exist before its text changes to be announced. */}
        <div className="field__message" id={messageId} aria-live="polite">
          {hasMessage ? message : null}
        </div>
        {withCounter && (
          <div className="field__counter" id={counterId}>
            {value.length}/{maxLength}
          </div>
        )}
        {withCounter && <LengthLimitAnnouncer length={value.length} max={maxLength} />}
      </div>
    </div>
  );
}

function StateIcon({ state }: { state: 'valid' | 'invalid' }) {
  return (
    <svg className="field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      {state === 'valid' ? (
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <>
          <path d="M12 6.5v7" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          <circle cx="12" cy="17.3" r="1.5" fill="#fff" />
        </>
      )}
    </svg>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
