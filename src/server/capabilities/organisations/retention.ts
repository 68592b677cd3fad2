import { sql } from 'kysely';
import { rowsTouched, type RetentionStep } from '../../platform/capability';
import { purgeExpiredOrganisationClaims } from './claims';

/** The privacy policy's periods (content/privacy-policy.md §3, decision 0015) for organisations. */
export const organisationsRetention: Record<string, RetentionStep> = {
  // Claims on an address: 48 hours, used or not (decision 0026).
  expiredOrganisationClaims: purgeExpiredOrganisationClaims,
  // An organisation's address allowed to register, never used or left by a closed account:
  // "Mails échangés avec le service contact : 1 an".
  unusedOrganisationInvitations: async (db) =>
    rowsTouched(
      await db
        .deleteFrom('organisation_allowlist')
        .where('created_at', '<', sql<Date>`now() - interval '1 year'`)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('users').select('users.id').whereRef('users.email', '=', 'organisation_allowlist.email'))),
        )
        .executeTakeFirst(),
    ),
};
