// Brand colours with white text at 4.5:1 or more.
const BACKGROUNDS = ['#0b3d91', '#0b1f4d', '#c2410c', '#157a3b', '#6d28d9', '#b4235a'];

const PARTICLES = /^(de|du|des|la|le|les|d'|l'|et|&)$/i;

/** 'LM' for 'Léa Martin', 'CR' for 'Club de Rugby', 'LF' for '« Les Foulées »', '?' when nothing usable. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const meaningful = words.filter((word, index) => index === 0 || !PARTICLES.test(word));
  const letters = meaningful
    .map((word) => Array.from(word).find((char) => /\p{L}|\p{N}/u.test(char)) ?? '')
    .slice(0, 2)
    .join('');
  return letters.toLocaleUpperCase('fr') || '?';
}

function avatarColour(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return BACKGROUNDS[hash % BACKGROUNDS.length];
}

interface AvatarProps {
  /** Whose picture it is; also gives the initials when there is no picture. */
  name: string;
  /** The uploaded picture's URL, or '' for the initials. */
  src: string;
  size?: number;
  /** Accessible text; decorative (next to the written name) when omitted. */
  label?: string;
  className?: string;
}

/** A member's or organisation's picture, or their initials on a colour of their own. */
export function Avatar({ name, src, size = 40, label, className = 'avatar' }: AvatarProps) {
  if (src) return <img className={className} src={src} alt={label ?? ''} width={size} height={size} loading="lazy" decoding="async" />;
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 96 96" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <circle cx="48" cy="48" r="48" fill={avatarColour(name)} />
      <text x="48" y="50" textAnchor="middle" dominantBaseline="central" fill="#ffffff" fontFamily="system-ui, sans-serif" fontSize="36" fontWeight="800">
        {initialsOf(name)}
      </text>
    </svg>
  );
}
