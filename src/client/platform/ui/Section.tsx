import { useId, type ReactNode } from 'react';
import { useInView } from './useInView';

type SectionTone = 'default' | 'muted' | 'accent' | 'brand';

interface SectionProps {
  /** Visible heading (h2), also the section's accessible name. */
  title: ReactNode;
  /** Small uppercase line above the title. */
  eyebrow?: ReactNode;
  /** Introductory paragraph under the title. */
  lead?: ReactNode;
  tone?: SectionTone;
  /** Centre the header (landing-page style). */
  centered?: boolean;
  /** Fade the content in when this share of it is on screen (spec §9: 0.1, 0.5 or 1). */
  revealThreshold?: number;
  /** Narrow reading width for text-heavy sections. */
  narrow?: boolean;
  id?: string;
  className?: string;
  children?: ReactNode;
}

/**
 * A page section with the site's header pattern (eyebrow, h2, lead) and the scroll-in
 * reveal, so every page spaces and introduces its sections the same way.
 */
export function Section({
  title,
  eyebrow,
  lead,
  tone = 'default',
  centered = false,
  revealThreshold = 0.1,
  narrow = false,
  id,
  className,
  children,
}: SectionProps) {
  const headingId = useId();
  const { ref, inView } = useInView<HTMLDivElement>({ threshold: revealThreshold });
  const classes = [
    'section',
    tone !== 'default' && `section--${tone}`,
    tone === 'brand' && 'theme-dark',
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section id={id} className={classes} aria-labelledby={headingId}>
      <div
        ref={ref}
        className={['container', narrow && 'container--narrow', 'reveal', inView && 'is-visible']
          .filter(Boolean)
          .join(' ')}
      >
        <header className={centered ? 'section__header section__header--center' : 'section__header'}>
          {eyebrow != null && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={headingId}>{title}</h2>
          {lead != null && <p className="lead">{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
