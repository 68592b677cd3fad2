import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link, type LinkProps } from 'react-router';
import { DISABLED_BUTTON_TOOLTIP } from '../../../shared/messages';
import { Spinner } from './Spinner';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';
type ButtonSize = 'small' | 'medium' | 'large';

function buttonClasses(variant: ButtonVariant, size: ButtonSize, className?: string): string {
  return ['btn', `btn--${variant}`, size !== 'medium' && `btn--${size}`, className]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'type' | 'children'> {
  /** When false the button stays focusable but does nothing and explains why in a tooltip. */
  enabled?: boolean;
  /** Shows a spinner and ignores clicks while an action is running. */
  busy?: boolean;
  /** Announced to screen readers while busy. */
  busyLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  type?: 'button' | 'submit' | 'reset';
  /** Take the full width of the container (forms on a phone). */
  fullWidth?: boolean;
  /** While not enabled: the fields that keep it so, named in a line under it (useHeldBack). */
  heldBackBy?: string[];
  /** Pressed while not enabled (useHeldBack marks the fields that hold it back). */
  onBlockedPress?(event: MouseEvent<HTMLButtonElement>): void;
  children: ReactNode;
}

/**
 * The site's button. A not-enabled button uses aria-disabled instead of `disabled` so that
 * keyboard and screen-reader users can still reach it and hear why it does nothing
 * (spec §5: 'Ce bouton n'aime pas les champs vides ou rouges 🙁').
 */
export function Button({
  enabled = true,
  busy = false,
  busyLabel = 'Chargement…',
  variant = 'primary',
  size = 'medium',
  type = 'button',
  fullWidth = false,
  heldBackBy,
  onBlockedPress,
  onClick,
  onFocus,
  onBlur,
  onKeyDown,
  className,
  children,
  'aria-describedby': describedBy,
  ...rest
}: ButtonProps) {
  const tooltipId = useId();
  const heldBackId = useId();
  // Pointer over, or focus on, a button that was already not enabled when they came: a button
  // that turns not enabled under them (its form just saved, its fields emptied) says nothing
  // until it is pressed or reached again, or its tooltip would cover the form's confirmation.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Escape hides the tooltip until the pointer or focus leaves (WCAG 1.4.13, dismissible).
  const [dismissed, setDismissed] = useState(false);
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (wasEnabled !== enabled) {
    setWasEnabled(enabled);
    if (enabled) {
      setHovered(false);
      setFocused(false);
    }
  }
  const tooltipOpen = !enabled && !dismissed && (hovered || focused);

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    // Cancelling the click also cancels the form submission a type="submit" would trigger,
    // including the implicit one when Enter is pressed in a field.
    if (!enabled || busy) {
      event.preventDefault();
      // Touch screens have no hover and iOS does not focus tapped buttons: a tap shows the
      // explanation too.
      if (!enabled) {
        setHovered(true);
        setDismissed(false);
        onBlockedPress?.(event);
      }
      return;
    }
    onClick?.(event);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Escape' && tooltipOpen) setDismissed(true);
    onKeyDown?.(event);
  }

  const heldBack = !enabled && heldBackBy !== undefined && heldBackBy.length > 0;
  const describedByIds = [describedBy, !enabled && tooltipId, heldBack && heldBackId].filter(Boolean).join(' ') || undefined;

  const button = (
    <span
      className={fullWidth ? 'btn-wrap btn-wrap--block' : 'btn-wrap'}
      onMouseEnter={() => setHovered(!enabled)}
      onMouseLeave={() => {
        setHovered(false);
        setDismissed(false);
      }}
    >
      <button
        {...rest}
        type={type}
        className={buttonClasses(variant, size, className)}
        aria-disabled={enabled ? undefined : true}
        aria-busy={busy ? true : undefined}
        aria-describedby={describedByIds}
        onClick={handleClick}
        onKeyDown={handleKeyDown}
        onFocus={(event) => {
          setFocused(!enabled);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          setDismissed(false);
          onBlur?.(event);
        }}
      >
        {busy && <Spinner decorative size="small" />}
        <span className="btn__label">{children}</span>
      </button>
      {!enabled && (
        // Always in the DOM while not enabled so aria-describedby has a target; shown on demand.
        <span role="tooltip" id={tooltipId} className="tooltip" hidden={!tooltipOpen}>
          {DISABLED_BUTTON_TOOLTIP}
        </span>
      )}
      {busy && (
        // Outside the button so its accessible name stays the same while busy.
        <span role="status" className="visually-hidden">
          {busyLabel}
        </span>
      )}
    </span>
  );
  if (!heldBack) return button;
  return (
    <>
      {button}
      <p className="btn-held-back" id={heldBackId}>
        À compléter : {heldBackBy.join(', ')}
      </p>
    </>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A navigation link that looks like a button ('Rejoindre', 'En savoir plus'). */
export function ButtonLink({ variant = 'primary', size = 'medium', className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClasses(variant, size, className)} />;
}
