import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { EMAIL_VERIFICATION_HOURS, VERIFY_EMAIL_PAGE, type VerificationLinkPreview, type VerifyEmailResponse } from '../../../shared/accounts';
import type { PublicConfig } from '../../../shared/public-config';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { verificationMail } from './email-verification-mail';
import { hashSecretToken, newSecretToken } from '../../platform/secret-token';
import { violatedConstraint } from '../../platform/db/keys';

/**
 * A new link proving `email` for the account: the account's own address, or the new one of an
 * e-mail change. Only the token's hash is stored; the token itself goes in the mail.
 */
export async function issueVerificationLink(
  db: Kysely<Database>,
  site: PublicConfig,
  userId: string,
  email: string,
): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('email_verifications')
    .values({
      id: hashSecretToken(token),
      user_id: userId,
      email,
      expires_at: new Date(Date.now() + EMAIL_VERIFICATION_HOURS * 60 * 60 * 1000),
    })
    .execute();
  return `${site.publicUrl}${VERIFY_EMAIL_PAGE}/${token}`;
}

/**
 * A change request replaces the one before it: only the latest new address can be confirmed.
 * The account's own address keeps its links.
 */
export async function dropPendingEmailChanges(db: Kysely<Database>, userId: string, currentEmail: string) {
  await db
    .deleteFrom('email_verifications')
    .where('user_id', '=', userId)
    .where('email', '<>', currentEmail)
    .where('used_at', 'is', null)
    .execute();
}

/** The new address of the change waiting for its link, if any. */
export async function pendingEmailChange(db: Kysely<Database>, userId: string, currentEmail: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_verifications')
    .select('email')
    .where('user_id', '=', userId)
    .where('email', '<>', currentEmail)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * What the page asks before a link is used, read without using it. A change of address waits
 * for a click: whoever merely renders the link (a curious recipient, a mail scanner that runs
 * scripts) must not tie the address to the requester's account. The answer names only what the
 * link's mail already told its holder: the new address, and the account's public name. Any
 * other link, and one that no longer works, asks nothing: opening it says the rest.
 */
export async function previewVerificationLink(db: Kysely<Database>, token: string): Promise<VerificationLinkPreview> {
  const change = await db
    .selectFrom('email_verifications')
    .innerJoin('users', 'users.id', 'email_verifications.user_id')
    .select(['email_verifications.email', 'users.username', 'users.suspended_at'])
    .where('email_verifications.id', '=', hashSecretToken(token))
    .whereRef('email_verifications.email', '<>', 'users.email')
    .where('email_verifications.used_at', 'is', null)
    .where('email_verifications.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!change) return { change: false };
  if (change.suspended_at) throw new AppError(403, 'users/email-change-suspended');
  return { change: true, email: change.email, accountName: change.username };
}

/**
 * Opens a link: marks it used (one statement, so two openings cannot both use it), then proves
 * the account's address or swaps in the new one. The unique constraint on users.email decides
 * whether a new address is still free; if not, nothing changes and the link stays unused.
 */
export async function verifyEmail(db: Kysely<Database>, token: string): Promise<VerifyEmailResponse> {
  const id = hashSecretToken(token);
  try {
    return await db.transaction().execute(async (trx) => {
      const link = await trx
        .updateTable('email_verifications')
        .set({ used_at: new Date() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'email'])
        .executeTakeFirst();
      if (!link) throw await whyRefused(trx, id);
      const account = await trx
        .selectFrom('users')
        .select(['email', 'suspended_at'])
        .where('id', '=', link.user_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const changed = account.email !== link.email;
      // A suspended member cannot move the account to another address; the refusal rolls the
      // link back to unused, for after a reinstatement.
      if (changed && account.suspended_at) throw new AppError(403, 'users/email-change-suspended');
      await trx
        .updateTable('users')
        // The first proof's time stays; a new address has its own.
        // Whoever opened the link got our mail: a refusal recorded before no longer holds (decision 0019).
        .set({
          email: link.email,
          email_verified_at: changed ? sql<Date>`now()` : sql<Date>`coalesce(email_verified_at, now())`,
          email_undeliverable_at: null,
          email_undeliverable_reason: null,
        })
        .where('id', '=', link.user_id)
        .execute();
      // The other open links of this address are spent (it is proven), and after a change every
      // open link of the account: the old address's, and any other new one's.
      let spent = trx
        .updateTable('email_verifications')
        .set({ used_at: new Date() })
        .where('user_id', '=', link.user_id)
        .where('used_at', 'is', null);
      if (!changed) spent = spent.where('email', '=', link.email);
      await spent.execute();
      return { email: link.email, changed };
    });
  } catch (error) {
    if (violatedConstraint(error) === 'users_email_key') throw new AppError(409, 'users/new-email-taken');
    throw error;
  }
}

async function whyRefused(db: Kysely<Database>, id: string): Promise<AppError> {
  const link = await db.selectFrom('email_verifications').select(['used_at']).where('id', '=', id).executeTakeFirst();
  if (!link) return new AppError(404, 'users/verification-link-invalid');
  return new AppError(410, link.used_at ? 'users/verification-link-used' : 'users/verification-link-expired');
}

/**
 * Links past their 48 hours, used or not, from the daily retention job (decision 0018): once
 * expired, a link only has to say so, which an unknown link's answer does well enough.
 */
export async function purgeExpiredVerificationLinks(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('email_verifications').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(numDeletedRows);
}

/** How mails greet the account: a person by first name, an organisation by its name. */
export const greetingName = (account: { account_type: string; firstname: string; username: string }) =>
  account.account_type === 'user' && account.firstname ? account.firstname : account.username;

/** Issues a link for `email` and mails it there. */
export async function mailVerificationLink(
  app: FastifyInstance,
  account: { id: string; name: string },
  email: string,
  change: boolean,
) {
  const url = await issueVerificationLink(app.database.db, app.config.public, account.id, email);
  await app.mailer.send({ to: email, ...verificationMail(app.config.public, { name: account.name, url, change }) });
}
