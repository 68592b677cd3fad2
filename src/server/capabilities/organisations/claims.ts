import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { EMAIL_VERIFICATION_HOURS, VERIFY_EMAIL_PAGE, type VerifyEmailResponse } from '../../../shared/accounts';
import { ORGANISATION_CLAIMS_PER_HOUR } from '../../../shared/organisations';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { change } from '../../platform/live/change';
import { deleteAccount } from '../accounts/index';
import { organisationClaimMail } from './claim-mail';
import { hashSecretToken, newSecretToken } from '../../platform/secret-token';
import { takenAccountError } from '../accounts/index';

/**
 * Decision 0026. The account holding `email` that a claim may replace: one that never proved
 * the address, and holds no role (the site keeps its admins; staff is named by an admin).
 */
const replaceableHolder = (db: Kysely<Database>, email: string) =>
  db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.account_type'])
    .where('users.email', '=', email)
    .where('users.email_verified_at', 'is', null)
    .where(sql<boolean>`cardinality(users.roles) = 0`);

interface NewClaim {
  /** Normalized, and on the allowlist. */
  email: string;
  username: string;
  passwordHash: string;
  newsletter: boolean;
}

/** Why no claim was filed: `not-replaceable` leaves the registration's own 'taken' answer. */
type ClaimRefusal = 'not-replaceable' | 'username-taken' | 'too-many';

/**
 * Files a claim on an address an account holds without having proven it, and answers the
 * link's token. One INSERT … SELECT decides, so a holder verifying meanwhile, or a name taken
 * meanwhile, is seen by the statement itself; the read after it only picks the refusal's words.
 */
export async function fileOrganisationClaim(db: Kysely<Database>, claim: NewClaim): Promise<{ token: string } | ClaimRefusal> {
  const token = newSecretToken();
  const nameTaken = db
    .selectFrom('users')
    .select('users.id')
    .where(sql<boolean>`lower(users.username) = lower(${claim.username})`)
    // The holder's own name goes with it: a squatter may have chosen the organisation's name.
    .where('users.email', '<>', claim.email);
  const recentClaims = db
    .selectFrom('organisation_claims')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organisation_claims.email', '=', claim.email)
    .where('organisation_claims.created_at', '>', sql<Date>`now() - interval '1 hour'`);
  const filed = await db
    .insertInto('organisation_claims')
    .columns(['id', 'email', 'username', 'password_hash', 'newsletter', 'expires_at'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`cast(${hashSecretToken(token)} as text)`.as('id'),
          sql<string>`cast(${claim.email} as text)`.as('email'),
          sql<string>`cast(${claim.username} as text)`.as('username'),
          sql<string>`cast(${claim.passwordHash} as text)`.as('password_hash'),
          sql<boolean>`cast(${claim.newsletter} as boolean)`.as('newsletter'),
          sql<Date>`now() + make_interval(hours => ${EMAIL_VERIFICATION_HOURS})`.as('expires_at'),
        ])
        .where(({ exists, not, and }) =>
          and([
            exists(replaceableHolder(db, claim.email)),
            not(exists(nameTaken)),
            // Each claim mails the address: its owner gets a few an hour, not a flood.
            sql<boolean>`(${recentClaims}) < ${ORGANISATION_CLAIMS_PER_HOUR}`,
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  if (filed) return { token };
  const why = await db
    .selectNoFrom(({ exists }) => [exists(replaceableHolder(db, claim.email)).as('replaceable'), exists(nameTaken).as('nameTaken')])
    .executeTakeFirstOrThrow();
  if (!why.replaceable) return 'not-replaceable';
  return why.nameTaken ? 'username-taken' : 'too-many';
}

/** Mails the claim's link to the address it claims. */
export async function mailOrganisationClaim(app: FastifyInstance, claim: { email: string; username: string; token: string }) {
  const url = `${app.config.public.publicUrl}${VERIFY_EMAIL_PAGE}/${claim.token}`;
  await app.mailer.send({ to: claim.email, ...organisationClaimMail(app.config.public, { name: claim.username, url }) });
}

type ReplacedAccount = { id: string; email: string; account_type: 'user' | 'organisation' };

/**
 * Opens a claim's link, if `token` is a claim's: the account that held the address without
 * proving it is deleted and the organisation's account created, verified, in one transaction.
 * The unique constraints decide against a holder that verified first or a name taken since:
 * then nothing changes and the link stays unused.
 */
async function openClaim(app: Pick<FastifyInstance, 'database' | 'liveHub'>, token: string): Promise<{ email: string; replaced?: ReplacedAccount } | undefined> {
  const id = hashSecretToken(token);
  try {
    return await change(app, async (claiming) => {
      const trx = claiming.db;
      const claim = await trx
        .updateTable('organisation_claims')
        .set({ used_at: new Date() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['email', 'username', 'password_hash', 'newsletter'])
        .executeTakeFirst();
      if (!claim) {
        const spent = await trx.selectFrom('organisation_claims').select('used_at').where('id', '=', id).executeTakeFirst();
        if (!spent) return undefined;
        throw new AppError(410, spent.used_at ? 'users/verification-link-used' : 'users/verification-link-expired');
      }
      const allowed = await trx.selectFrom('organisation_allowlist').select('email').where('email', '=', claim.email).executeTakeFirst();
      if (!allowed) throw new AppError(403, 'users/email-unauthorized');
      // The holder's links first, then the holder: the order in which opening one of its links
      // locks them (email-verification.ts), so the two wait for each other instead of deadlocking.
      await trx
        .selectFrom('email_verifications')
        .select('id')
        .where('user_id', 'in', trx.selectFrom('users').select('id').where('email', '=', claim.email))
        .forUpdate()
        .execute();
      const replaced = await replaceableHolder(trx, claim.email).forUpdate().executeTakeFirst();
      if (replaced) await deleteAccount(claiming, replaced);
      await trx
        .insertInto('users')
        .values({
          email: claim.email,
          username: claim.username,
          account_type: 'organisation',
          password_hash: claim.password_hash,
          newsletter: claim.newsletter,
          email_verified_at: new Date(),
        })
        .execute();
      // Other claims on the address stay: opening one now answers that the address is taken.
      return { email: claim.email, replaced };
    });
  } catch (error) {
    throw takenAccountError(error);
  }
}

/** What the verification page's call does with a claim's link; undefined for any other token. */
export async function claimByLink(app: FastifyInstance, token: string): Promise<VerifyEmailResponse | undefined> {
  const opened = await openClaim(app, token);
  if (!opened) return undefined;
  return { email: opened.email, changed: false };
}

/** Claims past their 48 hours, used or not, from the daily retention job (decision 0026). */
export async function purgeExpiredOrganisationClaims(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('organisation_claims').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(numDeletedRows);
}
