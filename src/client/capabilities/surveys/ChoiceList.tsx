import { useId } from 'react';
import { Checkbox } from '../../platform/ui/Checkbox';

interface ChoiceListProps {
  choices: readonly string[];
  invalid: boolean;
  disabled: boolean;
}

/** Multiple choices (spec §5 "a toggled list"): one checkbox per choice. */
export function MultipleChoiceList({
  choices,
  value,
  onChange,
  invalid,
  disabled,
}: ChoiceListProps & {
  value: string[] | undefined;
  onChange(value: string[]): void;
}) {
  const chosen = value ?? [];
  function toggle(choice: string, checked: boolean) {
    const next = checked ? [...chosen, choice] : chosen.filter((entry) => entry !== choice);
    // Kept in the listed order, as the server stores them.
    onChange(choices.filter((entry) => next.includes(entry)));
  }
  return (
    <div className="survey-choices">
      {choices.map((choice) => (
        <Checkbox
          key={choice}
          label={choice}
          checked={chosen.includes(choice)}
          invalid={invalid}
          disabled={disabled}
          onChange={(checked) => toggle(choice, checked)}
        />
      ))}
    </div>
  );
}

/** One native radio button per option: single choice, or yes-no shown as pills. */
export function RadioList<T extends string | boolean>({
  options,
  value,
  onChange,
  invalid,
  disabled,
  pills = false,
}: {
  options: readonly { value: T; label: string }[];
  value: T | undefined;
  onChange(value: T): void;
  invalid: boolean;
  disabled: boolean;
  pills?: boolean;
}) {
  const name = useId();
  return (
    <div className={pills ? 'choice-pills' : 'survey-choices'}>
      {options.map((option, index) => {
        const id = `${name}-${index}`;
        return (
          <div key={option.label} className={['choice', invalid && 'choice--invalid'].filter(Boolean).join(' ')}>
            <input
              type="radio"
              id={id}
              name={name}
              className="choice__input"
              checked={value === option.value}
              disabled={disabled}
              aria-invalid={invalid || undefined}
              onChange={() => onChange(option.value)}
            />
            <label className="choice__label" htmlFor={id}>
              {option.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
