/**
 * Who may do what, in one place: the server's route groups and the client's gates
 * both ask `hasPermission`. A member's `roles` list holds role names; permissions are derived.
 */
export const ROLES = ['admin', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * `moderate`: the moderation queue (/admin/moderation and its API) and the /admin home.
 * `administer`: everything else under /admin.
 */
export type Permission = 'moderate' | 'administer';

const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['moderate', 'administer'],
  moderator: ['moderate'],
};

export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  return roles.some((role) => isRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/** What /admin/members shows for each role. */
export const roleLabels: Readonly<Record<Role, string>> = {
  admin: 'Administrateur',
  moderator: 'Modérateur',
};
