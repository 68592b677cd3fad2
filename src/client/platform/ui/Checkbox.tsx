import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface CheckboxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'children'> {
  /** Visible label; may contain links (terms of use). */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Red outline and aria-invalid, e.g. terms not accepted on submit. */
  invalid?: boolean;
}

/**
 * A native checkbox with a real label. The label is a sibling (htmlFor), not a wrapper,
 * so links inside it stay ordinary links.
 */
export function Checkbox({ label, checked, onChange, invalid = false, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-checkbox`;
  return (
    <div className={['choice', invalid && 'choice--invalid', className].filter(Boolean).join(' ')}>
      <input
        {...rest}
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
    </div>
  );
}
