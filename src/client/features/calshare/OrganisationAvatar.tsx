import type { OrganisationListItem } from '../../../shared/accounts';

// Brand colours with white text at 4.5:1 or more.
const BACKGROUNDS = ['#0b3d91', '#0b1f4d', '#c2410c', '#157a3b', '#6d28d9', '#b4235a'];

/** 'CR' for 'Club de Rugby', '?' when the name has no letter or digit. */
export function organisationInitials(username: string): string {
  const words = username.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = words
    .map((word) => Array.from(word).find((char) => /\p{L}|\p{N}/u.test(char)) ?? '')
    .slice(0, 2)
    .join('');
  return letters.toLocaleUpperCase('fr') || '?';
}

function colourFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return BACKGROUNDS[hash % BACKGROUNDS.length];
}

/**
 * The organisation's picture, or its initials on a colour of its own. Decorative: the name
 * is written right under it.
 */
export function OrganisationAvatar({ organisation }: { organisation: OrganisationListItem }) {
  if (organisation.profilePic) {
    return <img className="avatar" src={organisation.profilePic} alt="" width={48} height={48} loading="lazy" />;
  }
  return (
    <svg className="avatar" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill={colourFor(organisation.username)} />
      <text x="24" y="25" textAnchor="middle" dominantBaseline="central" fill="#ffffff" fontFamily="system-ui, sans-serif" fontSize="18" fontWeight="800">
        {organisationInitials(organisation.username)}
      </text>
    </svg>
  );
}
