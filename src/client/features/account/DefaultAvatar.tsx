import type { CurrentUser } from '../../../shared/user';

type AvatarUser = Pick<CurrentUser, 'uuid' | 'accountType' | 'firstname' | 'lastname' | 'username'>;

// Brand colours with white text at 4.5:1 or more.
const BACKGROUNDS = ['#0b3d91', '#0b1f4d', '#c2410c', '#157a3b', '#6d28d9', '#b4235a'];

/** 'LM' for Léa Martin, 'CR' for 'Club de Rugby', '?' when nothing is known. */
export function initials(user: AvatarUser): string {
  const words =
    user.accountType === 'user'
      ? [user.firstname, user.lastname]
      : user.username.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = words
    .map((word) => Array.from(word.trim())[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('');
  return letters.toLocaleUpperCase('fr') || '?';
}

function colourFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return BACKGROUNDS[hash % BACKGROUNDS.length];
}

/** A picture for members who have not uploaded one: their initials on a colour of their own. */
export function DefaultAvatar({ user, label, className }: { user: AvatarUser; label: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 96 96" role="img" aria-label={label}>
      <circle cx="48" cy="48" r="48" fill={colourFor(user.uuid || user.username)} />
      <text
        x="48"
        y="50"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
        fontSize="36"
        fontWeight="800"
        aria-hidden="true"
      >
        {initials(user)}
      </text>
    </svg>
  );
}
