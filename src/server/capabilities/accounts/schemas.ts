import { boolean, dateTime, integer, listOf, mapOf, oneOf, shape, text } from '../../platform/http/schema';

const accountType = oneOf(['user', 'organisation']);

/** `CurrentUser` (shared/user.ts), as toCurrentUser builds it. */
export const currentUserSchema = shape(
  {
    uuid: text,
    username: text,
    firstname: text,
    lastname: text,
    email: text,
    bio: text,
    profilePic: text,
    accountType,
    roles: listOf(text),
    surveys: mapOf(boolean),
    pastTrips: listOf(text),
    mustChangePassword: boolean,
    newsletter: boolean,
    emailVerified: boolean,
    emailUndeliverable: boolean,
    firebaseUid: text,
    twoFactorEnabled: boolean,
    mustAddSecondFactor: boolean,
  },
  ['firebaseUid', 'mustAddSecondFactor'],
);

/** `UserView` (shared/accounts.ts), as toUserView builds it. */
export const userViewSchema = shape({ uuid: text, username: text, firstname: text, lastname: text, profilePic: text, accountType });

/** `SecondFactorRequired` (shared/two-factor.ts): the login's answer when a second step is asked. */
export const secondFactorRequiredSchema = shape({
  secondFactor: shape({ ticket: text, methods: listOf(oneOf(['totp', 'passkey', 'recovery-code'])), expiresAt: dateTime }),
});

/** `TwoFactorStatus` (shared/two-factor.ts). */
export const twoFactorStatusSchema = shape({ enabled: boolean, totp: boolean, passkeys: integer, recoveryCodesLeft: integer });
