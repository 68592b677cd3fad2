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
}

export function displayName(user: Pick<CurrentUser, 'accountType' | 'firstname' | 'lastname' | 'username'>): string {
  return user.accountType === 'user' ? `${user.firstname} ${user.lastname}`.trim() : user.username;
}
