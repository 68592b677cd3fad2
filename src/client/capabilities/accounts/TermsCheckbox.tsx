import { Checkbox } from '../../platform/ui/Checkbox';

const TERMS_URL = '/legal/conditions-utilisation.pdf';

/** What the forms name when the unticked box keeps their button from working. */
export const TERMS_LABEL = "case des conditions d'utilisation";

interface TermsCheckboxProps {
  checked: boolean;
  onChange(checked: boolean): void;
  id?: string;
  /** Set once the form's button was pressed with the box unticked: outlined, with this line under it. */
  missing?: string;
}

/** The terms of use include the over-18 declaration (spec §2, §5). */
export function TermsCheckbox({ checked, onChange, id, missing }: TermsCheckboxProps) {
  return (
    <Checkbox
      id={id}
      name="terms"
      aria-required
      checked={checked}
      onChange={onChange}
      invalid={missing !== undefined}
      message={missing}
      label={
        <>
          J'accepte les{' '}
          <a href={TERMS_URL} target="_blank" rel="noopener">
            conditions d'utilisation
          </a>{' '}
          et je déclare avoir plus de 18 ans
        </>
      }
    />
  );
}
