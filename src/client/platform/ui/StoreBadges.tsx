import { publicConfig } from '../../config';

/**
 * Links to the two mobile stores, drawn in our own SVG and CSS: no downloaded artwork and
 * no third-party logo. The link's name is its visible text (WCAG 2.5.3 'Label in Name',
 * for speech input): the space between the two lines keeps them apart in that name, and the
 * column layout keeps it off the screen.
 */
export function StoreBadges({ className }: { className?: string }) {
  return (
    <ul className={['store-badges', className].filter(Boolean).join(' ')} role="list">
      <li>
        <a
          className="store-badge"
          href={publicConfig.iosStoreUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          <PhoneIcon />
          <span className="store-badge__text">
            <span className="store-badge__small">Télécharger dans</span>{' '}
            <span className="store-badge__big">l'App Store</span>
          </span>
        </a>
      </li>
      <li>
        <a
          className="store-badge"
          href={publicConfig.androidStoreUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          <PlayIcon />
          <span className="store-badge__text">
            <span className="store-badge__small">Disponible sur</span>{' '}
            <span className="store-badge__big">Google Play</span>
          </span>
        </a>
      </li>
    </ul>
  );
}

function PhoneIcon() {
  return (
    <svg className="store-badge__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5.5" y="1.5" width="13" height="21" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 4.5h4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M9.2 16.5 12 9l2.8 7.5M10.2 14h3.6" fill="none" stroke="#ff7a1a" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg className="store-badge__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 2.8v18.4a.8.8 0 0 0 1.2.7l15.6-9.2a.8.8 0 0 0 0-1.4L6.2 2.1A.8.8 0 0 0 5 2.8z" fill="#ff7a1a" />
      <path d="M5 2.8 14.5 12 5 21.2" fill="none" stroke="#0a0f1c" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}
