import { sql, type Kysely } from 'kysely';
import { rowsTouched, type RetentionStep } from '../../platform/capability';
import type { Database } from '../../platform/db/schema';
import { change } from '../../platform/live/change';
import { purgeExpiredVerificationLinks } from './email-verification';
import { forgetOldBrowsers } from './known-browsers';
import { purgeOldLoginFailures } from './login-throttle';
import { purgeExpiredChallenges } from './passkeys';
import { purgeExpiredSignInTickets } from './sign-in-tickets';
import { purgeExpiredSessions } from './sessions';

/**
 * As when the member deletes it (account-routes.ts): sessions, picture, reactions, pending
 * word and mails go with the row; a public word stays, shown as 'Inconnu'.
 */
function deleteAccountsWhere(database: Kysely<Database>, column: 'last_seen_at' | 'suspended_at', period: ReturnType<typeof sql>) {
  return change({ database: { db: database } }, async ({ db, announce }) => {
    const deleted = rowsTouched(await db.deleteFrom('users').where(column, '<', sql<Date>`now() - ${period}`).executeTakeFirst());
    if (deleted > 0) {
      await announce('counter');
      await announce('words');
      await announce('moderation');
    }
    return deleted;
  });
}

/** The privacy policy's periods (content/privacy-policy.md §3, decision 0015) for accounts. */
export const accountsRetention: Record<string, RetentionStep> = {
  expiredSessions: purgeExpiredSessions,
  oldLoginFailures: purgeOldLoginFailures,
  // Passkey challenges: 5 minutes, used or not (a used one is deleted as it is used).
  expiredPasskeyChallenges: purgeExpiredChallenges,
  // Second steps not taken: 10 minutes.
  expiredSignInTickets: purgeExpiredSignInTickets,
  // Browsers an account signed in from: 400 days after the last sign-in, the life of their cookie.
  knownBrowsers: forgetOldBrowsers,
  // E-mail verification links: 48 hours (decision 0018), used or not.
  expiredVerificationLinks: purgeExpiredVerificationLinks,
  // "Compte actif … archivage 5 ans après ta dernière utilisation".
  inactiveAccounts: (db) => deleteAccountsWhere(db, 'last_seen_at', sql`interval '5 years'`),
  // "Compte suspendu : 2 ans" (the 10 years of a grave breach are kept apart, not on the site):
  // suspended by an admin two years ago and never reinstated.
  suspendedAccounts: (db) => deleteAccountsWhere(db, 'suspended_at', sql`interval '2 years'`),
};
