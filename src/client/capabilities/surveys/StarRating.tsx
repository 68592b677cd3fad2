import { useId, useState, type PointerEvent } from 'react';
import { formatRating, RATING_MAX, RATING_STEP } from '../../../shared/surveys';

interface StarRatingProps {
  value: number | undefined;
  onChange(value: number): void;
  invalid?: boolean;
  disabled?: boolean;
}

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);
const STAR_PATH = 'M12 2.6l2.9 6 6.5.8-4.8 4.5 1.2 6.5L12 17.3l-5.8 3.1 1.2-6.5L2.6 9.4l6.5-.8z';

function fill(star: number, shown: number | undefined): 'full' | 'half' | 'empty' {
  if (shown === undefined || shown <= star - 1) return 'empty';
  return shown >= star ? 'full' : 'half';
}

/**
 * Spec §3/§9 rating, 0 to 5 by 0.5, drawn as five stars with halves. Underneath it is a group
 * of eleven native radio buttons ('0 sur 5' … '5 sur 5'): arrow keys move and choose, screen
 * readers name each value and its position, and "no answer yet" is simply none checked. Place
 * it inside a fieldset whose legend is the question.
 *
 * A finger or a pointer picks what is drawn, a star: the whole star is its target, which gives
 * its whole value; the same star once more gives its half, and again the whole. A target split
 * at the star's middle took a tap a few pixels left of centre for the half below.
 */
export function StarRating({ value, onChange, invalid = false, disabled = false }: StarRatingProps) {
  const name = useId();
  const [preview, setPreview] = useState<number>();
  const shown = preview ?? value;
  const idOf = (rating: number) => `${name}-${rating * 2}`;
  // A mouse shows what a press would give before it is made. A finger has no hover: the mouse
  // events a phone sends around a tap would show the next press's value instead of the chosen one.
  const previewOf = (rating: number) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setPreview(rating);
  };

  function radio(rating: number, accessibleName?: string) {
    return (
      <input
        type="radio"
        className="star-rating__input visually-hidden"
        id={idOf(rating)}
        name={name}
        value={rating}
        checked={value === rating}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={accessibleName}
        onChange={() => {
          // What the pointer previewed is now the value; the next preview comes with its next move.
          setPreview(undefined);
          onChange(rating);
        }}
      />
    );
  }

  /** What a press on a star gives: its whole value, or its half when the whole is chosen. */
  const pressed = (star: number) => (value === star ? star - RATING_STEP : star);

  return (
    <div className={['star-rating', invalid && 'star-rating--invalid'].filter(Boolean).join(' ')}>
      <div className="star-rating__scale" onPointerLeave={() => setPreview(undefined)}>
        <span className={['star-rating__zero', shown === 0 && 'star-rating__zero--on'].filter(Boolean).join(' ')}>
          {radio(0)}
          <label htmlFor={idOf(0)} className="star-rating__zero-label" onPointerEnter={previewOf(0)}>
            {/* '0' for the eye, '0 sur 5' for the ear. */}
            0<span className="visually-hidden"> sur {RATING_MAX}</span>
          </label>
        </span>
        <span className="star-rating__stars">
          {STARS.map((star) => (
            <span key={star} className={`star star--${fill(star, shown)}`}>
              <svg className="star__outline" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={STAR_PATH} />
              </svg>
              <span className="star__fill" aria-hidden="true">
                <svg viewBox="0 0 24 24" focusable="false">
                  <path d={STAR_PATH} />
                </svg>
              </span>
              {radio(star - RATING_STEP, formatRating(star - RATING_STEP))}
              {radio(star, formatRating(star))}
              {/* The star's target: a label of the radio a press would check (the radios carry their own names). */}
              <label htmlFor={idOf(pressed(star))} className="star__target" onPointerEnter={previewOf(pressed(star))} />
            </span>
          ))}
        </span>
      </div>
      {/* The checked radio already tells screen readers; this is the same for the eye. */}
      <p className="star-rating__value" aria-hidden="true">
        {shown === undefined ? 'Pas encore de note' : formatRating(shown)}
      </p>
      <p className="star-rating__hint" aria-hidden="true">
        Une demi-étoile ? Touche deux fois la même étoile.
      </p>
    </div>
  );
}
