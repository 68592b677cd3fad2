import { Link } from 'react-router';
import { publicConfig } from '../../config';

/**
 * The emblem: a cheering figure whose raised arms draw the "U" of Unissons, on the brand blue
 * disc, with the orange head as the ball in play. Inline SVG so it costs no request.
 */
function LogoMark({ className = 'logo__mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="#0b3d91" />
      <path
        d="M35 14.5A16 16 0 0 1 25.5 35"
        fill="none"
        stroke="#ff7a1a"
        strokeWidth="2.75"
        strokeLinecap="round"
      />
      <path
        d="M10.5 10.5c1 9 4 17 9.5 17s8.5-8 9.5-17"
        fill="none"
        stroke="#fff"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="20" cy="14.5" r="4.25" fill="#ff7a1a" />
    </svg>
  );
}

/** Site logo with wordmark; links home (spec §2: "A site logo with a wordmark links to /"). */
export function Logo({ className }: { className?: string }) {
  const name = publicConfig.projectName;
  return (
    <Link to="/" className={['logo', className].filter(Boolean).join(' ')} aria-label={`${name} — accueil`}>
      <LogoMark />
      <span className="logo__word">{name}</span>
    </Link>
  );
}
