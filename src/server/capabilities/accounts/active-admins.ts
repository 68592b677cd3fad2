import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';

/**
 * Locks the rows of the active admins (admin role, not suspended) in id order, so concurrent
 * changes to who is admin queue instead of deadlocking, and returns their ids. Run it first in
 * the transaction of any change that could leave the site without an admin: a second change
 * waiting here re-reads the rows once the first commits (READ COMMITTED re-checks a locked
 * row's new version), so two of them cannot both take the last admin away.
 */
export async function lockActiveAdmins(trx: Kysely<Database>): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`'admin' = any(roles)`)
    .where('suspended_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Refuses a change that would leave no active admin: `leaving` is about to stop being one. */
export function keepAnAdmin(admins: string[], leaving: string) {
  if (admins.includes(leaving) && admins.length < 2) throw new AppError(409, 'members/last-admin');
}
