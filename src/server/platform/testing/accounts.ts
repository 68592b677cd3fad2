import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountType } from '../../../shared/user';
import type { Database } from '../db/schema';

export interface SeededAccount {
  id: string;
  email: string;
}

/**
 * Accounts written straight into the table (no password hashing), for tests that need
 * hundreds of recipients. They can receive mail but not sign in. Their address is verified
 * unless `verified: false` (only verified accounts receive the newsletter, decision 0018).
 */
export async function insertAccounts(
  db: Kysely<Database>,
  count: number,
  {
    accountType = 'user',
    newsletter = true,
    verified = true,
    emails,
  }: { accountType?: AccountType; newsletter?: boolean; verified?: boolean; emails?: string[] } = {},
): Promise<SeededAccount[]> {
  const batch = randomBytes(3).toString('hex');
  const rows = Array.from({ length: count }, (_, index) => ({
    email: emails?.[index] ?? `lecteur-${batch}-${index}@exemple.fr`,
    username: `lecteur_${batch}_${index}`,
    firstname: accountType === 'user' ? `Lecteur${index}` : '',
    account_type: accountType,
    newsletter,
    email_verified_at: verified ? new Date() : null,
    password_hash: 'not-a-real-hash',
  }));
  return db.insertInto('users').values(rows).returning(['id', 'email']).execute();
}
