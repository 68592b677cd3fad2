import type { Capability } from '../../platform/capability';
import { accountRoutes } from './account-routes';
import { authRoutes } from './auth-routes';
import { passkeyAccountRoutes, passkeySignInRoutes } from './passkey-routes';
import { reauthenticationRoutes } from './reauthentication-routes';
import { sessionRoutes } from './session-routes';
import { twoFactorRoutes } from './two-factor-routes';
import { directoryRoutes } from './directory-routes';
import { emailVerificationRoutes, type LinkOpener } from './email-routes';
import { authRateLimit } from './rate-limits';
import { registrationRoutes } from './registration-routes';
import { accountsRetention } from './retention';

/**
 * Members' accounts: registration, sign-in, the verified address, the member's own account.
 * `otherLinks` are the links other capabilities mail to an address and open on the same page.
 */
export function accountsCapability(otherLinks: LinkOpener[]): Capability {
  return {
    public(app) {
      const limit = authRateLimit(app);
      registrationRoutes(app, limit);
      authRoutes(app, limit);
      passkeySignInRoutes(app, limit);
      directoryRoutes(app);
      emailVerificationRoutes(app, limit, otherLinks);
    },
    member(app) {
      accountRoutes(app);
      passkeyAccountRoutes(app);
      twoFactorRoutes(app);
      reauthenticationRoutes(app);
      sessionRoutes(app);
    },
    retention: accountsRetention,
  };
}

// What other capabilities use of accounts.
export { keepAnAdmin, lockActiveAdmins } from './active-admins';
export { sendAccountDeletedMail } from './account-deleted-mail';
export { deleteAccount } from './delete-account';
export { FIREBASE_HASH_SETTING, firebasePasswordHash, hashPassword, type FirebaseHashParameters } from './passwords';
export { normalizePicture } from './picture';
export { factorsResetMail, resetSignInFactors } from './factor-reset';
export { authRateLimit } from './rate-limits';
export { accountWriter, type NewAccount } from './registration-routes';
export { currentUserSchema } from './schemas';
export { countPersons, findUser, pictureUrl, takenAccountError, toCurrentUser } from './users';
export { membersByJoiningWeek, type MemberCounts } from './statistics';
