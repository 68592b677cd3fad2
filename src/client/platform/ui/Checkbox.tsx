import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface CheckboxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'children'> {
  /** Visible label; may contain links (terms of use). */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Red outline and aria-invalid, e.g. terms not accepted on submit. */
  invalid?: boolean;
  /** A line under the box, read with it (what to do about it). */
  message?: ReactNode;
}

/**
 * A native checkbox with a real label. The label is a sibling (htmlFor), not a wrapper,
 * so links inside it stay ordinary links.
 */
export function Checkbox({ label, checked, onChange, invalid = false, message, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-checkbox`;
  const messageId = `${generatedId}-message`;
  const hasMessage = message != null && message !== false;
  return (
    <div className={['choice', invalid && 'choice--invalid', className].filter(Boolean).join(' ')}>
      <input
        {...rest}
        aria-describedby={[rest['aria-describedby'], hasMessage && messageId].filter(Boolean).join(' ') || undefined}
        id={inputId}
        type="checkbox"
        className="choice__input"
        checked={checked}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="choice__label" htmlFor={inputId}>
        {label}
      </label>
      {/* Inside, after the input: the input keeps its place, and its focus, when the line appears. */}
      {hasMessage && (
        <p className={invalid ? 'choice__message choice__message--invalid' : 'choice__message'} id={messageId}>
          {message}
        </p>
      )}
    </div>
  );
}
