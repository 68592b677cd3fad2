import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

interface MarqueeProps {
  /** The group's name for screen readers ('Mots de soutien'). */
  label: string;
  /** Seconds for the items to pass once (the spec's speeds). */
  durationSeconds: number;
  className?: string;
  /** The items, as one list: the track shows it twice for a seamless loop. */
  children: ReactNode;
}

/**
 * An endless sideways scroll (the supporters' wall, the organisations list). Motion lasting
 * more than 5 seconds needs a way to stop it (WCAG 2.2.2): a visible pause button, besides
 * the pause on hover and focus. With reduced motion nothing moves: the list stands still,
 * once, and scrolls sideways by hand.
 */
export function Marquee({ label, durationSeconds, className, children }: MarqueeProps) {
  const still = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  return (
    <div className={['marquee', paused && 'marquee--paused', className].filter(Boolean).join(' ')}>
      {!still && (
        <Button variant="secondary" className="marquee__pause" onClick={() => setPaused(!paused)}>
          {paused ? 'Reprendre' : 'Mettre en pause'}
        </Button>
      )}
      <div className="marquee__viewport" role="group" aria-label={label} tabIndex={0}>
        <div className="marquee__track" style={still ? undefined : { animationDuration: `${durationSeconds}s` }}>
          {children}
          {/* The copy only closes the loop: hidden from assistive technology and from the keyboard. */}
          {!still && (
            <div className="marquee__copy" aria-hidden="true" inert>
              {children}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
