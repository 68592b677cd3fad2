/**
 * Who may do what, in one place: the server's route groups and the client's gates
 * both ask `hasPermission`. A member's `roles` list holds role names; permissions are derived.
 */
export const ROLES = ['admin', 'moderator', 'editor'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * `moderate`: the moderation queue (/admin/moderation and its API) and the /admin home.
 * `edit-texts`: the site's texts (wiki articles, privacy policy, founders' message, legal
 * documents) and their history, and the /admin home; no member data, no moderation, no newsletter.
 * `administer`: everything else under /admin.
 */
export type Permission = 'moderate' | 'edit-texts' | 'administer';

export const PERMISSIONS: readonly Permission[] = ['moderate', 'edit-texts', 'administer'];

const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['moderate', 'edit-texts', 'administer'],
  moderator: ['moderate'],
  editor: ['edit-texts'],
};

export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  return roles.some((role) => isRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/** Staff: whoever holds any permission, and so has an /admin home (showing each what they may use). */
export function isStaff(roles: readonly string[]): boolean {
  return PERMISSIONS.some((permission) => hasPermission(roles, permission));
}

/** What /admin/members shows for each role. */
export const roleLabels: Readonly<Record<Role, string>> = {
  admin: 'Administrateur',
  moderator: 'Modérateur',
  editor: 'Rédacteur',
};
