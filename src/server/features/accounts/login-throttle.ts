import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';

export const MAX_FAILED_LOGINS = 10;
const WINDOW = sql`interval '15 minutes'`;

/** PRODUCT.md: at most 10 failed logins per e-mail in 15 minutes, across all instances. */
export async function assertLoginAllowed(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email', '=', email)
    .where('failed_at', '>', sql<Date>`now() - ${WINDOW}`)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= MAX_FAILED_LOGINS) throw new AppError(429, 'http/rate-limited');
}

export async function recordLoginFailure(db: Kysely<Database>, email: string) {
  await db.insertInto('login_failures').values({ email }).execute();
  // Old rows are of no use; each failure sweeps its own address's.
  await db.deleteFrom('login_failures').where('email', '=', email).where('failed_at', '<', sql<Date>`now() - ${WINDOW}`).execute();
}

export async function clearLoginFailures(db: Kysely<Database>, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
