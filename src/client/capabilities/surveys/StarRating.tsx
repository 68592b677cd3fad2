import { useId, useState } from 'react';
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
 * readers name each value and its position, and "no answer yet" is simply none checked. Each
 * star's left and right halves are the labels of its two values. Place it inside a fieldset
 * whose legend is the question.
 */
export function StarRating({ value, onChange, invalid = false, disabled = false }: StarRatingProps) {
  const name = useId();
  const [preview, setPreview] = useState<number>();
  const shown = preview ?? value;

  function option(rating: number, className: string, visibleText?: string) {
    const id = `${name}-${rating * 2}`;
    return (
      <>
        <input
          type="radio"
          className="star-rating__input visually-hidden"
          id={id}
          name={name}
          value={rating}
          checked={value === rating}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={() => onChange(rating)}
        />
        <label htmlFor={id} className={className} onMouseEnter={() => setPreview(rating)}>
          {visibleText ? (
            // '0' for the eye, '0 sur 5' for the ear.
            <>
              {visibleText}
              <span className="visually-hidden"> sur {RATING_MAX}</span>
            </>
          ) : (
            <span className="visually-hidden">{formatRating(rating)}</span>
          )}
        </label>
      </>
    );
  }

  return (
    <div className={['star-rating', invalid && 'star-rating--invalid'].filter(Boolean).join(' ')}>
      <div className="star-rating__scale" onMouseLeave={() => setPreview(undefined)}>
        <span className={['star-rating__zero', shown === 0 && 'star-rating__zero--on'].filter(Boolean).join(' ')}>
          {option(0, 'star-rating__zero-label', '0')}
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
              {option(star - RATING_STEP, 'star__half star__half--left')}
              {option(star, 'star__half star__half--right')}
            </span>
          ))}
        </span>
      </div>
      {/* The checked radio already tells screen readers; this is the same for the eye. */}
      <p className="star-rating__value" aria-hidden="true">
        {shown === undefined ? 'Pas encore de note' : formatRating(shown)}
      </p>
    </div>
  );
}
