import { useId } from 'react';
import { TARGETS, type NewsletterTarget } from './targets';

/** Spec §2 target radio: organisations, users, or both (the default, no filter). */
export function TargetChoice({ value, onChange }: { value: NewsletterTarget; onChange: (target: NewsletterTarget) => void }) {
  const id = useId();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">Destinataires</legend>
      <div className="choice-pills">
        {TARGETS.map((target) => (
          <div key={target.value} className="choice">
            <input
              id={`${id}-${target.value}`}
              className="choice__input"
              type="radio"
              name={`${id}-target`}
              value={target.value}
              checked={value === target.value}
              onChange={() => onChange(target.value)}
            />
            <label className="choice__label" htmlFor={`${id}-${target.value}`}>
              {target.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
