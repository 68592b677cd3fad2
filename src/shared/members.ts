import type { Role } from './permissions';
import type { AccountType } from './user';

/** /admin/members: members come this many at a time, newest first. */
export const MEMBERS_PAGE_SIZE = 50;
/** Longest search accepted; a search uses at most this many words. */
export const MEMBER_SEARCH_MAX_LENGTH = 200;
export const MEMBER_SEARCH_MAX_WORDS = 5;

export type YesNo = 'yes' | 'no';

/** GET /api/admin/members: every parameter optional; `after` is the previous page's `next`. */
export interface MemberSearch {
  q?: string;
  type?: AccountType;
  verified?: YesNo;
  subscribed?: YesNo;
  role?: Role;
  suspended?: YesNo;
  after?: string;
}

export interface MemberListItem {
  uuid: string;
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  accountType: AccountType;
  roles: string[];
  createdAt: string;
  emailVerified: boolean;
  newsletter: boolean;
  suspended: boolean;
}

export interface MemberPage {
  members: MemberListItem[];
  next: string | null;
}

/** GET /api/admin/members/:id */
export interface MemberDetail extends MemberListItem {
  bio: string;
  profilePic: string;
  lastSeenAt: string;
  emailVerifiedAt: string | null;
  emailUndeliverable: boolean;
  suspendedAt: string | null;
  word: { content: string; public: boolean; vip: boolean } | null;
  reactions: number;
  sessions: number;
  pastTrips: number;
  /** Whether a password sign-in asks them a second factor, and their passkeys (decision 0046). */
  twoFactorEnabled: boolean;
  passkeys: number;
}

/** POST /api/admin/members/:id/roles */
export interface MemberRolePayload {
  role: Role;
  granted: boolean;
}

/** POST /api/admin/members/:id/suspension */
export interface MemberSuspensionPayload {
  suspended: boolean;
}
