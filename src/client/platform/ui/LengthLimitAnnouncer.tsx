/** From this share of the limit on, a screen reader is told the end is near. */
const NEAR_LIMIT = 0.8;

/**
 * What a character counter ('n/max') says to a screen reader on its own: nothing at each key
 * (the counter is read with the field's description, when asked), once when the text reaches
 * 80 % of the limit, and once at the limit. The live region's text changes only at those two
 * steps, so it is heard only then.
 */
export function LengthLimitAnnouncer({ length, max }: { length: number; max: number }) {
  const text =
    length >= max
      ? `Limite atteinte : ${max} caractères au maximum.`
      : length >= Math.ceil(max * NEAR_LIMIT)
        ? `Tu approches de la limite de ${max} caractères.`
        : '';
  return (
    <span className="visually-hidden" aria-live="polite">
      {text}
    </span>
  );
}
