import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a session cookie's or a mailed link's secret. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: a leaked table hands out no session and proves no address. */
export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('base64url');
