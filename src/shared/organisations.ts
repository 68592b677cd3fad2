/**
 * Request and response shapes of the organisations' accounts (registration on the allowlist
 * or by a claim, their name, the public guide's list, the admin's allowlist).
 */

/** POST /api/fn/users-registerOrganisation → { data: RegisterOrganisationResult }; `newsletter` as a member's (accounts.ts). */
export interface RegisterOrganisationPayload {
  email: string;
  username: string;
  pwd: string;
  newsletter?: boolean;
}

/**
 * 200 `{ uuid }`: the account exists, its address to be verified; the client then logs in.
 * 202 `{ claimMailed: true }` (decision 0026): an account holds the address without having
 * proven it; the mailed link creates this account in its place, and nothing exists until then.
 */
export type RegisterOrganisationResult = { uuid: string } | { claimMailed: true };

/** Claims one address may receive per hour: each one mails it. */
export const ORGANISATION_CLAIMS_PER_HOUR = 5;

/** POST /api/fn/users-getOrganisations → { data: OrganisationListItem[] } */
export interface OrganisationListItem {
  username: string;
  profilePic: string;
}

/**
 * PUT /api/account/username → CurrentUser: an organisation changes its displayed name, checked
 * by the registration's rule (isValidUsername) and journaled (decision 0026); 403 for a person.
 */
export interface ChangeUsernamePayload {
  username: string;
}

/** Name changes an organisation may make per hour: each one is journaled and refreshes every wall. */
export const USERNAME_CHANGES_PER_HOUR = 10;

/**
 * GET /api/admin/organisations. Only accounts that verified their address count as registered
 * (decision 0026); `awaitingVerification`: an account holds the address without having proven it.
 */
export interface AdminOrganisationsResponse {
  allowlist: { email: string; createdAt: string; registered: boolean; awaitingVerification: boolean }[];
  organisations: { uuid: string; username: string; email: string; createdAt: string }[];
}
