// The proof of work asked on the forms anyone can send (decision 0023): ALTCHA's
// challenge, solved by the browser, sent back as one more body field.

/** Where a form fetches its challenge: 200 with the challenge, or 204 when the site asks none. */
export const ANTI_BOT_CHALLENGE_URL = '/api/anti-bot/challenge';

/** The body field that carries the solution (ALTCHA's base64 payload) on the protected routes. */
export const ANTI_BOT_FIELD = 'altcha';

/** A payload is a few hundred characters; anything far longer is not one. */
export const ANTI_BOT_FIELD_MAX_LENGTH = 4000;

/** The protected routes' extra refusals, each a 400 in the usual error shape. */
export type AntiBotErrorCode = 'anti-bot/missing' | 'anti-bot/invalid' | 'anti-bot/expired' | 'anti-bot/replayed';

/** A protected form's body: its own fields plus the solution, absent when the site asks none. */
export type WithProofOfWork<T> = T & { [ANTI_BOT_FIELD]?: string };
