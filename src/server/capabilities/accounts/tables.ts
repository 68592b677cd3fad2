import type { ColumnType, Generated } from 'kysely';
import type { AccountType } from '../../../shared/user';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  username: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  bio: Generated<string>;
  account_type: AccountType;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  surveys: ColumnType<Record<string, true>, string | undefined, string>;
  past_trips: ColumnType<string[], string | undefined, string>;
  newsletter: Generated<boolean>;
  /** argon2id; or, moved in from the Firebase site and not signed in since, `$firebase-scrypt$<salt>$<hash>` (passwords.ts). */
  password_hash: string;
  /** The account's uid on the Firebase site it was moved in from; null for an account made here. */
  firebase_uid: ColumnType<string | null, string | null | undefined, string | null>;
  temporary_password_hash: string | null;
  temporary_password_expires_at: Date | null;
  /** When forgot password last mailed temporary passwords, the last hour's at most (decision 0028). */
  temporary_password_mailed_at: Generated<Date[]>;
  /** The temporary password the member signed in with, until they choose a new one. */
  spent_temporary_password_hash: string | null;
  must_change_password: Generated<boolean>;
  /** The account the ADMIN_EMAIL bootstrap created or was told to take over. */
  admin_bootstrap: Generated<boolean>;
  picture_version: Generated<number>;
  created_at: Generated<Date>;
  /** When a session was last opened or renewed (a database trigger); decision 0015. */
  last_seen_at: Generated<Date>;
  /** When the member proved the address by opening a mailed link; null until then (decision 0018). */
  email_verified_at: Date | null;
  /** When a server first refused the address for good (a 5xx to RCPT TO), and its reply; decision 0019. */
  email_undeliverable_at: Date | null;
  email_undeliverable_reason: string | null;
  /** Moderators and admins: whether the daily digest of the moderation queue is wanted, and when the last went (decision 0021). */
  moderation_digest: Generated<boolean>;
  moderation_digest_sent_at: Date | null;
  /** Set by an admin (/admin/members): no login, no session, word hidden; null otherwise. */
  suspended_at: Date | null;
  /** Since when a password sign-in asks a second factor (decision 0046); null when it does not. */
  two_factor_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The authenticator app's secret (base32), and one waiting for its first code. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The time step of the last app code accepted: it and older ones are refused. */
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
}

/** The folded words of a member's e-mail and names, kept by a trigger (decision 0020). */
export interface UserSearchTermsTable {
  term: string;
  user_id: string;
}

/** A mailed link that proves an address (decision 0018); the id is the sha256 of its token. */
export interface EmailVerificationsTable {
  id: string;
  user_id: string;
  email: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * An organisation's registration waiting for its mailed link, because an account holds the
 * address without having proven it (decision 0026); the id is the sha256 of the link's token.
 */
export interface OrganisationClaimsTable {
  id: string;
  email: string;
  username: string;
  password_hash: string;
  newsletter: boolean;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface UserPicturesTable {
  user_id: string;
  content: Buffer;
  content_type: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  /** When the member last proved who they are in this session: sign-in, or asked again (decision 0046). */
  authenticated_at: Generated<Date>;
  /** The browser's User-Agent at sign-in (first 500 characters), for the member's sessions list. */
  user_agent: Generated<string>;
  last_seen_at: Generated<Date>;
  /**
   * When this session last passed a second factor: the second step, a passkey sign-in, the
   * enrolment made in it, a confirmation by a factor; null if never. The staff gate wants it
   * at or after the account's `two_factor_since` (decision 0046).
   */
  second_factor_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A browser an account signed in from, by the sha256 of its own cookie's id. */
export interface KnownBrowsersTable {
  user_id: string;
  browser_hash: string;
  first_seen_at: Generated<Date>;
  /** Forgotten 400 days after this, when the browser's cookie would be gone too (retention.ts). */
  last_signed_in_at: Generated<Date>;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  email: string;
  /** The client the attempt came from: its IPv4 address or IPv6 /64 (platform/http/client-key.ts). */
  address: string;
  failed_at: Generated<Date>;
}

/** A member's passkey (WebAuthn credential). */
export interface PasskeysTable {
  id: Generated<string>;
  /** The authenticator's id of the credential, base64url. */
  credential_id: string;
  user_id: string;
  name: string;
  public_key: Buffer;
  counter: ColumnType<string, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

/** A recovery code not used yet: its sha256. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: Generated<Date>;
}

/** A right password waiting for its second factor; the id is the sha256 of the ticket. */
export interface SignInTicketsTable {
  id: string;
  user_id: string;
  temporary: Generated<boolean>;
  expires_at: Date;
  /** Wrong codes sent with this ticket: the third voids it. */
  wrong_codes: Generated<number>;
}

/** A challenge handed out for a passkey ceremony, deleted as it is used. */
export interface WebauthnChallengesTable {
  challenge: string;
  user_id: string | null;
  purpose: 'register' | 'sign-in' | 'second-factor';
  expires_at: Date;
}

export interface OrganisationAllowlistTable {
  email: string;
  created_at: Generated<Date>;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    users: UsersTable;
    user_search_terms: UserSearchTermsTable;
    user_pictures: UserPicturesTable;
    sessions: SessionsTable;
    email_verifications: EmailVerificationsTable;
    login_failures: LoginFailuresTable;
    organisation_allowlist: OrganisationAllowlistTable;
    organisation_claims: OrganisationClaimsTable;
    passkeys: PasskeysTable;
    webauthn_challenges: WebauthnChallengesTable;
    recovery_codes: RecoveryCodesTable;
    sign_in_tickets: SignInTicketsTable;
    known_browsers: KnownBrowsersTable;
  }
}
