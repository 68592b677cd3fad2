import { Checkbox } from '../../platform/ui/Checkbox';

const TERMS_URL = '/legal/conditions-utilisation.pdf';

/** The terms of use include the over-18 declaration (spec §2, §5). */
export function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <Checkbox
      name="terms"
      aria-required
      checked={checked}
      onChange={onChange}
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
