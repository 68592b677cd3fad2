import { describe, expect, it } from 'vitest';
import { hasPermission, isRole, isStaff, PERMISSIONS, ROLES, roleLabels, type Permission } from './permissions';

// The server's route groups and the client's gates both read this table: a permission given
// or lost here opens or closes whole pages (the API is also checked by the authorisation matrix).
describe('who may do what', () => {
  it.each([
    [[], 'moderate', false],
    [[], 'administer', false],
    [[], 'edit-texts', false],
    [['moderator'], 'moderate', true],
    [['moderator'], 'administer', false],
    [['moderator'], 'edit-texts', false],
    [['editor'], 'edit-texts', true],
    [['editor'], 'moderate', false],
    [['editor'], 'administer', false],
    [['admin'], 'moderate', true],
    [['admin'], 'administer', true],
    [['admin'], 'edit-texts', true],
    [['admin', 'moderator'], 'administer', true],
    [['editor', 'moderator'], 'edit-texts', true],
    [['editor', 'moderator'], 'administer', false],
  ] as const)('roles %j → %s: %s', (roles, permission, allowed) => {
    expect(hasPermission(roles, permission)).toBe(allowed);
  });

  it('ignores a name that is no role, and needs only one role to grant', () => {
    for (const permission of PERMISSIONS) {
      expect(hasPermission(['superadmin', 'Admin', 'Editor', ''], permission)).toBe(false);
      expect(hasPermission(['membre', 'admin'], permission)).toBe(true);
    }
    expect(hasPermission(['membre', 'moderator'], 'moderate')).toBe(true);
    expect(hasPermission(['membre', 'editor'], 'edit-texts')).toBe(true);
  });

  it('calls staff whoever holds a permission: the /admin home is theirs', () => {
    for (const roles of [['admin'], ['moderator'], ['editor'], ['membre', 'editor']]) expect(isStaff(roles)).toBe(true);
    for (const roles of [[], ['membre'], ['Editor'], ['organisation']]) expect(isStaff(roles)).toBe(false);
  });

  it('knows its three roles and their French names, and nothing else', () => {
    expect(ROLES).toEqual(['admin', 'moderator', 'editor']);
    expect(PERMISSIONS satisfies readonly Permission[]).toEqual(['moderate', 'edit-texts', 'administer']);
    expect(ROLES.every(isRole)).toBe(true);
    for (const other of ['', 'Admin', 'member', 'moderators', 'redacteur', 'toString']) expect(isRole(other)).toBe(false);
    expect(roleLabels).toEqual({ admin: 'Administrateur', moderator: 'Modérateur', editor: 'Rédacteur' });
  });
});
