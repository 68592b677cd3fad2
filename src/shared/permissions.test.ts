import { describe, expect, it } from 'vitest';
import { hasPermission, isRole, ROLES, roleLabels, type Permission } from './permissions';

// The server's route groups and the client's gates both read this table: a permission given
// or lost here opens or closes whole pages (the API is also checked by the authorisation matrix).
describe('who may do what', () => {
  it.each([
    [[], 'moderate', false],
    [[], 'administer', false],
    [['moderator'], 'moderate', true],
    [['moderator'], 'administer', false],
    [['admin'], 'moderate', true],
    [['admin'], 'administer', true],
    [['admin', 'moderator'], 'administer', true],
  ] as const)('roles %j → %s: %s', (roles, permission, allowed) => {
    expect(hasPermission(roles, permission)).toBe(allowed);
  });

  it('ignores a name that is no role, and needs only one role to grant', () => {
    for (const permission of ['moderate', 'administer'] as Permission[]) {
      expect(hasPermission(['superadmin', 'Admin', ''], permission)).toBe(false);
      expect(hasPermission(['membre', 'admin'], permission)).toBe(true);
    }
    expect(hasPermission(['membre', 'moderator'], 'moderate')).toBe(true);
  });

  it('knows its two roles and their French names, and nothing else', () => {
    expect(ROLES).toEqual(['admin', 'moderator']);
    expect(ROLES.every(isRole)).toBe(true);
    for (const other of ['', 'Admin', 'member', 'moderators', 'toString']) expect(isRole(other)).toBe(false);
    expect(roleLabels).toEqual({ admin: 'Administrateur', moderator: 'Modérateur' });
  });
});
