/**
 * Spec §2: mandatory questions carry '*'. The star is for the eye; a screen reader hears
 * "obligatoire" (or the field's own aria-required, where `spoken` is false).
 */
export function RequiredMark({ spoken = true }: { spoken?: boolean }) {
  return (
    <>
      {/* No-break: the star stays with the question's last word. */}
      {'\u00a0'}
      <span className="required-mark" aria-hidden="true">
        *
      </span>
      {spoken && <span className="visually-hidden"> (obligatoire)</span>}
    </>
  );
}
