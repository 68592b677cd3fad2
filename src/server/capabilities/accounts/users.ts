import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { UserView } from '../../../shared/accounts';
import type { CurrentUser } from '../../../shared/user';
import type { Database } from '../../platform/db/schema';
import { violatedConstraint } from '../../platform/db/keys';
import { AppError } from '../../platform/http/errors';
import type { UsersTable } from './tables';

/** Every column but the secrets: what a request may carry around as `request.user`. */
export const userColumns = [
  'users.id',
  'users.email',
  'users.username',
  'users.firstname',
  'users.lastname',
  'users.bio',
  'users.account_type',
  'users.roles',
  'users.surveys',
  'users.past_trips',
  'users.newsletter',
  'users.must_change_password',
  'users.picture_version',
  'users.created_at',
  'users.email_verified_at',
  'users.email_undeliverable_at',
  'users.firebase_uid',
  'users.two_factor_since',
] as const;

export type UserRow = Pick<
  Selectable<UsersTable>,
  | 'id'
  | 'email'
  | 'username'
  | 'firstname'
  | 'lastname'
  | 'bio'
  | 'account_type'
  | 'roles'
  | 'surveys'
  | 'past_trips'
  | 'newsletter'
  | 'must_change_password'
  | 'picture_version'
  | 'created_at'
  | 'email_verified_at'
  | 'email_undeliverable_at'
  | 'firebase_uid'
  | 'two_factor_since'
>;

/** Versioned URL, so the picture can be cached for a year and still change at once. */
export function pictureUrl(user: Pick<UserRow, 'id' | 'picture_version'>): string {
  return user.picture_version > 0 ? `/api/users/${user.id}/picture?v=${user.picture_version}` : '';
}

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    uuid: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    bio: user.bio,
    profilePic: pictureUrl(user),
    accountType: user.account_type,
    roles: user.roles,
    surveys: user.surveys,
    pastTrips: user.past_trips,
    mustChangePassword: user.must_change_password,
    newsletter: user.newsletter,
    emailVerified: user.email_verified_at !== null,
    emailUndeliverable: user.email_undeliverable_at !== null,
    ...(user.firebase_uid !== null && { firebaseUid: user.firebase_uid }),
    twoFactorEnabled: user.two_factor_since !== null,
  };
}

export function toUserView(user: Pick<UserRow, 'id' | 'username' | 'firstname' | 'lastname' | 'account_type' | 'picture_version'>): UserView {
  return {
    uuid: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    profilePic: pictureUrl(user),
    accountType: user.account_type,
  };
}

export async function findUser(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** The account holding `email` (normalised), if any. */
export async function accountWithEmail(db: Kysely<Database>, email: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

/** The account signing in with `email` (normalised), with what its password is checked against. */
export async function findAccountToSignIn(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'password_hash', 'temporary_password_hash', 'temporary_password_expires_at', 'suspended_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The hashes that sign the member in: their password's, and the temporary one they last signed in with. */
export async function passwordHashes(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['password_hash', 'spent_temporary_password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A password the member chose: every temporary one is gone with the need to change it. */
export async function setPassword(db: Kysely<Database>, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      must_change_password: false,
      temporary_password_hash: null,
      temporary_password_expires_at: null,
      spent_temporary_password_hash: null,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * The temporary password just used is spent, and a new password is asked next. Only the hash
 * that was verified is moved, so a newer mail's password survives.
 */
export async function spendTemporaryPassword(db: Kysely<Database>, userId: string, temporaryPasswordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      spent_temporary_password_hash: temporaryPasswordHash,
      temporary_password_hash: null,
      temporary_password_expires_at: null,
      must_change_password: true,
    })
    .where('id', '=', userId)
    .where('temporary_password_hash', '=', temporaryPasswordHash)
    .execute();
}

/** Replaces the hash that was verified, and only that one, so a password changed meanwhile is kept. */
export async function replacePasswordHash(db: Kysely<Database>, userId: string, verifiedHash: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).where('password_hash', '=', verifiedHash).execute();
}

/**
 * Temporary passwords mailed to one account per hour, whoever asks (decision 0028): a stranger
 * who knows the address cannot flood its owner's mailbox.
 */
const TEMPORARY_PASSWORDS_PER_HOUR = 3;
/** The account's mails of the last hour, read from its own row. */
const mailedThisHour = sql<Date[]>`array(select sent from unnest(temporary_password_mailed_at) as sent where sent > now() - interval '1 hour')`;

/**
 * Gives the account of `email` (normalised) a temporary password and records its mail, unless
 * the hour's mails are spent: then, or for an unknown address, undefined. One statement checks
 * and records: two requests at once wait for the row's lock, and the second re-reads the
 * first's times (decision 0028).
 */
export async function issueTemporaryPassword(db: Kysely<Database>, email: string, temporaryPasswordHash: string, expiresAt: Date) {
  return db
    .updateTable('users')
    .set({
      temporary_password_hash: temporaryPasswordHash,
      temporary_password_expires_at: expiresAt,
      temporary_password_mailed_at: sql<Date[]>`${mailedThisHour} || now()`,
    })
    .where('email', '=', email)
    .where(sql<number>`cardinality(${mailedThisHour})`, '<', TEMPORARY_PASSWORDS_PER_HOUR)
    .returning(['email', 'firstname', 'username', 'account_type'])
    .executeTakeFirst();
}

/** A new account's row; the unique constraints decide between concurrent registrations. */
export async function insertUser(
  db: Kysely<Database>,
  user: Pick<Insertable<UsersTable>, 'email' | 'username' | 'firstname' | 'lastname' | 'account_type' | 'password_hash' | 'newsletter'>,
): Promise<{ id: string }> {
  return db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
}

export async function setBio(db: Kysely<Database>, userId: string, bio: string): Promise<void> {
  await db.updateTable('users').set({ bio }).where('id', '=', userId).execute();
}

/** What a page shows of each of these accounts, read in one query whatever their number. */
export async function userViews(db: Kysely<Database>, ids: string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'firstname', 'lastname', 'account_type', 'picture_version'])
    .where('id', 'in', ids)
    .execute();
}

/** The member's new picture, and its next version, so its URL changes with it. */
export async function replacePicture(db: Kysely<Database>, userId: string, picture: { content: Buffer; contentType: string }): Promise<void> {
  const { content, contentType } = picture;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_pictures')
      .values({ user_id: userId, content, content_type: contentType })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ content, content_type: contentType }))
      .execute();
    await trx
      .updateTable('users')
      .set({ picture_version: sql`picture_version + 1` })
      .where('id', '=', userId)
      .execute();
  });
}

export async function removePicture(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('user_pictures').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ picture_version: 0 }).where('id', '=', userId).execute();
}

export async function findPicture(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user_pictures').select(['content', 'content_type']).where('user_id', '=', userId).executeTakeFirst();
}

/** The waiting-list counter: person accounts, counted from the accounts so it cannot drift. */
export async function countPersons(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_type', '=', 'user')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The spec's 409 when `error` is another account already holding the address or the name; else `error` itself. */
export function takenAccountError(error: unknown): unknown {
  const constraint = violatedConstraint(error);
  if (constraint === 'users_email_key') return new AppError(409, 'users/email-already-taken');
  if (constraint === 'users_username_key') return new AppError(409, 'users/username-already-taken');
  return error;
}
