type SpinnerSize = 'small' | 'large';

interface SpinnerProps {
  /** What is loading, read by screen readers (and shown when `showLabel`). */
  label?: string;
  size?: SpinnerSize;
  /** Show the label under a large spinner, e.g. for a full loading view. */
  showLabel?: boolean;
  /**
   * Purely visual spinner, hidden from assistive technologies: for places that already
   * announce the loading state another way (a busy button has its own status message).
   */
  decorative?: boolean;
  className?: string;
}

/** A CSS-animated loading indicator; under reduced motion it stays still but visible. */
export function Spinner({
  label = 'Chargement…',
  size = 'small',
  showLabel = false,
  decorative = false,
  className,
}: SpinnerProps) {
  const classes = ['spinner', `spinner--${size}`, className].filter(Boolean).join(' ');
  if (decorative) {
    return (
      <span className={classes} aria-hidden="true">
        <span className="spinner__circle" />
      </span>
    );
  }
  return (
    <span role="status" className={classes}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}

/**
 * A whole page's loading view, in one box wherever a page waits (for its scripts, for the
 * session, for its data), so that one waiting view following another, and the page after
 * them, keep the header and footer where they were.
 */
export function LoadingView({ label }: { label: string }) {
  return (
    <div className="loading-view">
      <Spinner size="large" showLabel label={label} />
    </div>
  );
}
