import { sql } from 'kysely';
import { isRole, type Role } from '../../../shared/permissions';
import { isValidEmail, normalizeEmail } from '../../../shared/validation';
import { ImportError } from './import-error';
import type { StagingDb } from './staging';

/** A role the operator gives an account of the export by its address (`--roles`). */
export interface RoleGrant {
  role: Role;
  /** Normalised. */
  email: string;
}

/**
 * Who gets a role from the import (decision 0035): nobody by default, since on many Firebase
 * sites a member could write their own `users/{uid}` document, roles included; the export's
 * roles as they are (`--keep-roles`); or the operator's list (`--roles`).
 */
export type RoleChoice = { from: 'none' } | { from: 'export' } | { from: 'list'; grants: RoleGrant[] };

/** `--roles admin:alice@exemple.fr,editor:bob@exemple.fr`, the option given once or more. */
export function parseRoleGrants(values: string[]): RoleGrant[] {
  return values
    .flatMap((value) => value.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [role, address, ...rest] = entry.split(':');
      const email = normalizeEmail(address ?? '');
      if (!isRole(role) || !isValidEmail(email) || rest.length > 0) {
        throw new ImportError(`--roles : « ${entry} » n'est pas de la forme rôle:adresse (rôles : admin, moderator, editor).`);
      }
      return { role, email };
    });
}

/** The roles an account gets: `exported` is its profile's `roles` field. */
export function grantedRoles(choice: RoleChoice, email: string, exported: unknown): Role[] {
  if (choice.from === 'export') return [...new Set(Array.isArray(exported) ? exported.filter((role): role is Role => typeof role === 'string' && isRole(role)) : [])];
  if (choice.from === 'list') return [...new Set(choice.grants.filter((grant) => grant.email === email).map((grant) => grant.role))];
  return [];
}

/** Stops the import before anything is written if `--roles` names an address the Auth export does not hold: a typo would give nobody the role. */
export async function checkGrantees(db: StagingDb, choice: RoleChoice) {
  if (choice.from !== 'list' || choice.grants.length === 0) return;
  const emails = [...new Set(choice.grants.map((grant) => grant.email))];
  const found = await db
    .selectFrom('firebase_import_accounts')
    .select(sql<string>`lower(btrim(email))`.as('email'))
    .where(sql`lower(btrim(email))`, 'in', emails)
    .execute();
  const missing = emails.filter((email) => !found.some((row) => row.email === email));
  if (missing.length > 0) throw new ImportError(`--roles : aucun compte de l'export Auth n'a l'adresse ${missing.join(', ')}.`);
}
