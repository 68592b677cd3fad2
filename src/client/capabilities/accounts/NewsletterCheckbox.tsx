import { useId } from 'react';
import { Checkbox } from '../../platform/ui/Checkbox';

/** Consent to the newsletter at registration: unticked until the visitor ticks it (decision 0010). */
export function NewsletterCheckbox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const hintId = useId();
  return (
    <div>
      <Checkbox name="newsletter" checked={checked} onChange={onChange} aria-describedby={hintId} label="Recevoir la newsletter" />
      <p className="field__hint" id={hintId}>
        Les nouvelles du projet, de temps en temps, par mail. Un clic suffit pour se désinscrire.
      </p>
    </div>
  );
}
