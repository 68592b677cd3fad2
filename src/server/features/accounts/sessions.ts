import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { userColumns, type UserRow } from './users';

export const SESSION_COOKIE = 'unissons_session';
/**
 * A readable twin of the session cookie that holds no secret, only "1": the client asks
 * GET /api/auth/me only when it is present, so a visitor who never signed in makes no
 * request that answers 401 (which browsers log as an error on every page).
 */
export const SIGNED_IN_HINT_COOKIE = 'unissons_signed_in';
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
// Sliding expiry: a session used within its last 15 days is pushed back to 30, so an
// active member is never logged out mid-use (spec's "token refreshed before expiry").
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, when the session cookie names a live session. */
    user: UserRow | undefined;
    sessionId: string | undefined;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

function setCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires });
}

function clearCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
}

export async function startSession(db: Kysely<Database>, reply: FastifyReply, userId: string, secure: boolean) {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insertInto('sessions').values({ id: hashToken(token), user_id: userId, expires_at: expires }).execute();
  setCookie(reply, token, expires, secure);
}

export async function endSession(db: Kysely<Database>, request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionId) await db.deleteFrom('sessions').where('id', '=', request.sessionId).execute();
  clearCookies(reply);
}

/** After a password change or reset: every session of the account but the current one ends. */
export async function endOtherSessions(db: Kysely<Database>, userId: string, keepSessionId: string | undefined) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Loads the session's member (one query) for API requests that carry the cookie. */
export async function resolveSession(db: Kysely<Database>, request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) {
    if (request.cookies[SIGNED_IN_HINT_COOKIE]) clearCookies(reply);
    return;
  }
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...userColumns, 'sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) {
    clearCookies(reply);
    return;
  }
  const { session_expires_at: expiresAt, ...user } = row;
  request.user = user;
  request.sessionId = id;
  if (expiresAt.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
    const expires = new Date(Date.now() + SESSION_DAYS * DAY_MS);
    await db.updateTable('sessions').set({ expires_at: expires }).where('id', '=', id).execute();
    setCookie(reply, token, expires, secure);
  }
}
