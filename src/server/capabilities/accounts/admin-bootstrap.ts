import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { roleLabels } from '../../../shared/permissions';
import { normalizeEmail } from '../../../shared/validation/email';
import { recordAction } from '../journal/index';
import { hashPassword, verifyPassword } from './passwords';

interface AdminBootstrap {
  email: string;
  password: string;
  /** ADMIN_PROMOTE_EXISTING: the operator allows taking over an account someone registered. */
  promoteExisting?: boolean;
}

/** The bootstrap would take over an account it did not create, and was not told to. */
export class AdminBootstrapRefused extends Error {}

/**
 * PRODUCT.md: with ADMIN_EMAIL and ADMIN_PASSWORD set, that account exists at start-up,
 * has the admin role, and its password is the configured one.
 *
 * Anyone may have registered that address before (docs/decisions/0009): an account the
 * bootstrap did not create is taken over only with ADMIN_PROMOTE_EXISTING, and whenever the
 * bootstrap changes an account's roles or password, every session of it ends.
 *
 * Instances started together on one database all run it: a lock held until the transaction
 * ends makes the second wait and then find the account the first created, instead of failing
 * on the unique e-mail.
 */
export function ensureAdmin(db: Kysely<Database>, admin: AdminBootstrap) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('unissons-admin-bootstrap'))`.execute(trx);
    return ensureAdminLocked(trx, admin);
  });
}

async function ensureAdminLocked(trx: Transaction<Database>, admin: AdminBootstrap) {
  const email = normalizeEmail(admin.email);
  const existing = await trx
    .selectFrom('users')
    .select(['id', 'username', 'roles', 'password_hash', 'admin_bootstrap'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!existing) return createAdmin(trx, email, admin.password);

  if (!existing.admin_bootstrap && !admin.promoteExisting) {
    throw new AdminBootstrapRefused(
      `ADMIN_EMAIL (${email}) désigne un compte inscrit sur le site, pas créé au démarrage : son titulaire deviendrait administrateur. ` +
        'Si ce compte est le tien, démarre une fois avec ADMIN_PROMOTE_EXISTING=1 : ' +
        'il reçoit le rôle administrateur et ADMIN_PASSWORD, et toutes ses sessions prennent fin.',
    );
  }
  const samePassword = await verifyPassword(existing.password_hash, admin.password);
  if (existing.admin_bootstrap && samePassword && existing.roles.includes('admin')) return existing.id;

  const passwordHash = samePassword ? undefined : await hashPassword(admin.password);
  await trx
    .updateTable('users')
    .set({
      roles: existing.roles.includes('admin') ? existing.roles : [...existing.roles, 'admin'],
      admin_bootstrap: true,
      ...(passwordHash && {
        password_hash: passwordHash,
        must_change_password: false,
        temporary_password_hash: null,
        temporary_password_expires_at: null,
        spent_temporary_password_hash: null,
      }),
    })
    .where('id', '=', existing.id)
    .execute();
  await trx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
  // Given back after an admin took it away, or given to an account registered on the site:
  // the other admins see it in the journal, as they see a role given on /admin/members.
  if (!existing.roles.includes('admin')) {
    await recordAction(trx, {
      actorId: existing.id,
      kind: 'roles/bootstrap',
      targetType: 'user',
      targetId: existing.id,
      summary: `${roleLabels.admin} : ${existing.username} (${email})`,
      details: { role: 'admin' },
    });
  }
  return existing.id;
}

async function createAdmin(db: Transaction<Database>, email: string, password: string) {
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
      password_hash: await hashPassword(password),
      newsletter: false,
      admin_bootstrap: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freeUsername(db: Transaction<Database>, base: string) {
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
