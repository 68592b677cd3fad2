import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { normalizeEmail } from '../../../shared/validation/email';
import { hashPassword } from './passwords';

/**
 * PRODUCT.md: with ADMIN_EMAIL and ADMIN_PASSWORD set, that account exists at start-up,
 * has the admin role, and its password is the configured one.
 */
export async function ensureAdmin(db: Kysely<Database>, admin: { email: string; password: string }) {
  const email = normalizeEmail(admin.email);
  const passwordHash = await hashPassword(admin.password);
  const existing = await db.selectFrom('users').select(['id', 'roles']).where('email', '=', email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        roles: existing.roles.includes('admin') ? existing.roles : [...existing.roles, 'admin'],
      })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const username = await freeUsername(db, 'admin');
  const row = await db
    .insertInto('users')
    .values({
      email,
      username,
      firstname: 'Admin',
      lastname: 'Unissons',
      account_type: 'user',
      roles: ['admin'],
      password_hash: passwordHash,
      newsletter: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freeUsername(db: Kysely<Database>, base: string) {
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}${i + 1}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', candidate))
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}
