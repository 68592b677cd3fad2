export type AccountType = 'user' | 'organisation';

/** The signed-in member as GET /api/auth/me returns it (spec §3 User, without secrets). */
export interface CurrentUser {
  uuid: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  bio: string;
  profilePic: string;
  accountType: AccountType;
  roles: string[];
  surveys: Record<string, true>;
  pastTrips: string[];
  /** Signed in with a temporary password: the account page asks for a new one. */
  mustChangePassword: boolean;
  newsletter: boolean;
  /** The member proved their address by opening a mailed link (spec §3 identity; decision 0018). */
  emailVerified: boolean;
  /** A receiving server refused the address for good: nothing we send arrives (decision 0019). */
  emailUndeliverable: boolean;
  /**
   * The account's uid on the Firebase site it was moved in from (absent for an account made
   * here): the newsletters sent from there name the member by it in their unsubscribe links.
   */
  firebaseUid?: string;
  /** Whether a password sign-in asks a second factor (decision 0046). */
  twoFactorEnabled: boolean;
  /**
   * Said by GET /api/auth/me only: a staff member without a second factor, whom the site holds
   * at its enrolment (STAFF_TWO_FACTOR=required, the default) before anything of /admin.
   */
  mustAddSecondFactor?: boolean;
}

export function displayName(user: Pick<CurrentUser, 'accountType' | 'firstname' | 'lastname' | 'username'>): string {
  return user.accountType === 'user' ? `${user.firstname} ${user.lastname}`.trim() : user.username;
}
