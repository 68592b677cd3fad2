/**
 * Request and response shapes of the accounts API, shared by the forms and the server.
 * Callables follow spec §7 (`POST /api/fn/<name>`, answering `{ data }`).
 */
import { fieldMessages } from './messages';
import type { AccountType, CurrentUser } from './user';

/**
 * POST /api/fn/users-registerUser → { data: { uuid } }; the client then logs in.
 * `newsletter`: the unticked-by-default 'Recevoir la newsletter' box; absent means no.
 */
export interface RegisterUserPayload {
  email: string;
  username: string;
  firstname: string;
  lastname: string;
  pwd: string;
  newsletter?: boolean;
}

/** POST /api/fn/users-forgotPassword → { data: { sent: true } } (404 users/no-user-found). */
export interface ForgotPasswordPayload {
  userMail: string;
}

/** POST /api/fn/users-getUserInfoForView → { data: UserView[] } (unknown ids are left out). */
export interface UserInfoPayload {
  uuids: string[];
}

/** Public part of an account, as shown next to a word or in a list. */
export interface UserView {
  uuid: string;
  username: string;
  firstname: string;
  lastname: string;
  profilePic: string;
  accountType: AccountType;
}

/** POST /api/auth/login → CurrentUser (and the session cookie). */
export interface LoginPayload {
  email: string;
  password: string;
}

export type MeResponse = CurrentUser;

/**
 * PUT /api/account/password → 204. After a sign-in with a temporary password,
 * `currentPassword` may be that temporary password.
 */
export interface ChangePasswordPayload {
  currentPassword: string;
  newPassword: string;
}

/** PATCH /api/account/profile → CurrentUser */
export interface UpdateProfilePayload {
  bio: string;
}

/** PUT /api/account/picture with the image as the raw body (image/png, image/jpeg, image/webp) → CurrentUser */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PICTURE_MAX_BYTES = 3 * 1024 * 1024;
/** 25 megapixels: a 6000×4000 phone photo passes; bigger images cost too much to decode. */
export const PICTURE_MAX_PIXELS = 25_000_000;
/** Uploads a member may make per hour (each one is decoded and re-encoded). */
export const PICTURE_UPLOADS_PER_HOUR = 10;

/** DELETE /api/account { password } → 204; a mail confirms it to the deleted address. */
export interface DeleteAccountPayload {
  password: string;
}

/** Where the member lands once their account is deleted (reached only from the deletion). */
export const ACCOUNT_DELETED_PAGE = '/compte-supprime';

/** What a deletion erases, said by the page after it and by its mail. */
export const DELETED_ACCOUNT_ERASED = 'Ton profil, ta photo, ton adresse mail, tes votes et ton abonnement à la newsletter sont effacés.';

/**
 * What a deleted account leaves behind (PRODUCT.md "Accounts", and what the database keeps),
 * said by the page after the deletion and by its mail: nothing of it leads back to the member.
 * The guillemets hold their word with no-break spaces, as French typography wants.
 */
export const DELETED_ACCOUNT_REMAINS = [
  `Ton mot de soutien, s'il était déjà publié : il reste sur le mur, signé «\u00a0${fieldMessages.unknownAuthor}\u00a0».`,
  'Les sports que tu as suggérés, sans ton nom.',
  'Tes réponses aux questionnaires, anonymes dès le départ.',
] as const;

/** How long a mailed verification link works (decision 0018). */
export const EMAIL_VERIFICATION_HOURS = 48;
/**
 * Verification mails a member may ask for per hour ('Renvoyer le mail' and e-mail changes
 * together): each one lands in somebody's mailbox.
 */
export const VERIFICATION_MAILS_PER_HOUR = 5;
/** The page a verification link opens: `${VERIFY_EMAIL_PAGE}/{token}`. */
export const VERIFY_EMAIL_PAGE = '/verifier-adresse';

/**
 * POST /api/auth/verify-email → VerifyEmailResponse. Opened from the mailed link, signed in or
 * not; it signs nobody in. Errors: users/verification-link-invalid (404),
 * users/verification-link-used, users/verification-link-expired (410), users/new-email-taken (409),
 * users/email-change-suspended (403).
 */
export interface VerifyEmailPayload {
  token: string;
}

export interface VerifyEmailResponse {
  /** The address now verified (the new one after an e-mail change). */
  email: string;
  /** True when the link confirmed an e-mail change: the account's address was replaced. */
  changed: boolean;
}

/**
 * POST /api/auth/verification-link { token } → VerificationLinkPreview, read without using the
 * link. A change of address is confirmed by a click, not by opening the page: `change: true`
 * with the new address and the account's public name for the question. Any other link, and one
 * that no longer works, asks nothing (`change: false`): the page opens it at once. 403
 * users/email-change-suspended: the account is suspended.
 */
export type VerificationLinkPreview = { change: false } | { change: true; email: string; accountName: string };

/**
 * POST /api/account/email → 202 EmailChangeStatus: a link goes to the new address and a notice
 * to the current one, which stays the account's until the link is opened.
 */
export interface ChangeEmailPayload {
  newEmail: string;
  password: string;
}

/** GET /api/account/email → the e-mail change waiting for its link, if any. */
export interface EmailChangeStatus {
  pendingEmail: string | null;
}

