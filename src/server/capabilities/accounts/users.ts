import type { Kysely, Selectable } from 'kysely';
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
