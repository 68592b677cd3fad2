import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { recordAction } from '../journal/index';

/** The allowlist, newest first, with the state of the account each address may hold. */
export async function allowlistEntries(db: Kysely<Database>) {
  return db
    .selectFrom('organisation_allowlist')
    .leftJoin('users', 'users.email', 'organisation_allowlist.email')
    .select(['organisation_allowlist.email', 'organisation_allowlist.created_at', 'users.account_type', 'users.email_verified_at'])
    .orderBy('organisation_allowlist.created_at', 'desc')
    .execute();
}

/** Registered organisations, newest first. Registered means proven: an account that never opened its link may be anyone's (decision 0026). */
export async function registeredOrganisations(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'created_at'])
    .where('account_type', '=', 'organisation')
    .where('email_verified_at', 'is not', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The organisations of the public guide, oldest first. */
export async function guideOrganisations(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'picture_version'])
    .where('account_type', '=', 'organisation')
    // Only an organisation that proved its address: whoever typed it first cannot show a
    // name of their choosing here in the real organisation's place (decision 0026).
    .where('email_verified_at', 'is not', null)
    // An admin's suspension takes the organisation off the public guide until it is lifted.
    .where('suspended_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** Whether `email` (normalised) may open an organisation account. */
export async function isAllowlisted(db: Kysely<Database>, email: string): Promise<boolean> {
  const allowed = await db.selectFrom('organisation_allowlist').select('email').where('email', '=', email).executeTakeFirst();
  return allowed !== undefined;
}

/** An admin allows `email` (normalised); an address already allowed changes nothing, and is not journaled again. */
export async function allowOrganisationEmail(db: Kysely<Database>, actorId: string, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('organisation_allowlist')
      .values({ email })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('email')
      .executeTakeFirst();
    if (added) await recordAction(trx, { actorId, kind: 'allowlist/add', targetType: 'allowlist', targetId: added.email, summary: added.email });
  });
}

/** An admin takes `email` (normalised) off the allowlist, journaled if it was on it. */
export async function disallowOrganisationEmail(db: Kysely<Database>, actorId: string, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('organisation_allowlist').where('email', '=', email).returning('email').executeTakeFirst();
    if (removed) await recordAction(trx, { actorId, kind: 'allowlist/remove', targetType: 'allowlist', targetId: removed.email, summary: removed.email });
  });
}
