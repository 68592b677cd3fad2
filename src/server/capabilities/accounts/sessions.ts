import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { hashSecretToken, newSecretToken } from '../../platform/secret-token';
import { userColumns, type UserRow } from './users';

/**
 * Over https the session cookie carries the `__Host-` prefix: browsers then accept it only
 * Secure, for the whole site and from this host, so a sibling subdomain cannot plant one.
 */
const sessionCookieName = (secure: boolean) => (secure ? '__Host-unissons_session' : 'unissons_session');
/**
 * A readable twin of the session cookie that holds no secret, only "1": the client asks
 * GET /api/auth/me only when it is present, so a visitor who never signed in makes no
 * request that answers 401 (which browsers log as an error on every page).
 */
const SIGNED_IN_HINT_COOKIE = 'unissons_signed_in';
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 30;
// Sliding expiry: a session used within its last 15 days is pushed back to 30, so an
// active member is never logged out mid-use (spec's "token refreshed before expiry")...
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;
// ...but never beyond 90 days after sign-in: a stolen cookie does not live for ever.
const SESSION_MAX_DAYS = 90;
const maxAgeStart = () => new Date(Date.now() - SESSION_MAX_DAYS * DAY_MS);
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/** Cookie work decided while reading the session, done when the answer is known (see sessionCookiesOnSend). */
type PendingCookies = { renew: { token: string; expires: Date } } | 'clear';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, when the session cookie names a live session. */
    user: UserRow | undefined;
    sessionId: string | undefined;
    /** When the session's member last gave their password or a factor (sign-in or asked again). */
    authenticatedAt: Date | undefined;
    /** When this session last passed a second factor (decision 0046); undefined if never. */
    secondFactorAt: Date | undefined;
    pendingSessionCookies: PendingCookies | undefined;
  }
}

function setCookies(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.request.pendingSessionCookies = undefined;
  reply.setCookie(sessionCookieName(secure), token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires });
}

function clearCookies(reply: FastifyReply, secure: boolean) {
  reply.request.pendingSessionCookies = undefined;
  // A __Host- cookie is only replaced by a Set-Cookie that is itself Secure with Path=/.
  reply.clearCookie(sessionCookieName(secure), { path: '/', secure });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', secure });
}

/** Kept for the member's sessions list only; a longer one says nothing more about the browser. */
const USER_AGENT_MAX_LENGTH = 500;

/**
 * Opens a session in place of the browser's current one, if any: that one ends, whoever's it
 * was, rather than live on unseen once its cookie is replaced. `secondFactor` when the sign-in
 * passed one (the second step, a passkey), which the staff gate asks of the session.
 */
export async function startSession(db: Kysely<Database>, reply: FastifyReply, userId: string, secure: boolean, { secondFactor }: { secondFactor: boolean }) {
  const token = newSecretToken();
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  const userAgent = (reply.request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  const replaced = reply.request.sessionId;
  await db.transaction().execute(async (trx) => {
    if (replaced) await trx.deleteFrom('sessions').where('id', '=', replaced).execute();
    await trx
      .insertInto('sessions')
      .values({ id: hashSecretToken(token), user_id: userId, expires_at: expires, user_agent: userAgent, authenticated_at: now, second_factor_at: secondFactor ? now : null })
      .execute();
  });
  setCookies(reply, token, expires, secure);
}

export async function endSession(db: Kysely<Database>, request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (request.sessionId) await db.deleteFrom('sessions').where('id', '=', request.sessionId).execute();
  clearCookies(reply, secure);
}

/**
 * After a password change, a second factor turned on or reset: every session of the account
 * but the current one ends, and so do the sign-ins waiting for their second step (a ticket
 * was given for the password as it was).
 */
export async function endOtherSessions(db: Kysely<Database> | Transaction<Database>, userId: string, keepSessionId: string | undefined) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
  await db.deleteFrom('sign_in_tickets').where('user_id', '=', userId).execute();
}

/**
 * Loads the session's member (one query) for API requests that carry the cookie. Cookies to
 * renew or clear are only noted here: the answer decides whether they may be sent.
 */
export async function resolveSession(db: Kysely<Database>, request: FastifyRequest, secure: boolean) {
  const token = request.cookies[sessionCookieName(secure)];
  if (!token) {
    if (request.cookies[SIGNED_IN_HINT_COOKIE]) request.pendingSessionCookies = 'clear';
    return;
  }
  const id = hashSecretToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      ...userColumns,
      'sessions.expires_at as session_expires_at',
      'sessions.created_at as session_created_at',
      'sessions.authenticated_at as session_authenticated_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.second_factor_at as session_second_factor_at',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', new Date())
    // A suspended account's sessions are deleted with the suspension; this holds meanwhile.
    .where('users.suspended_at', 'is', null)
    // Rows renewed before the limit existed may reach beyond it.
    .where('sessions.created_at', '>', maxAgeStart())
    .executeTakeFirst();
  if (!row) {
    request.pendingSessionCookies = 'clear';
    return;
  }
  const {
    session_expires_at: expiresAt,
    session_created_at: createdAt,
    session_authenticated_at: authenticatedAt,
    session_last_seen_at: lastSeenAt,
    session_second_factor_at: secondFactorAt,
    ...user
  } = row;
  request.user = user;
  request.sessionId = id;
  request.authenticatedAt = authenticatedAt;
  request.secondFactorAt = secondFactorAt ?? undefined;
  // 'Last seen' in the member's sessions list, to within a few minutes: one write at most per
  // session every five minutes, not one per request.
  if (Date.now() - lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
  }
  if (expiresAt.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
    const expires = new Date(Math.min(Date.now() + SESSION_DAYS * DAY_MS, createdAt.getTime() + SESSION_MAX_DAYS * DAY_MS));
    if (expires > expiresAt) request.pendingSessionCookies = { renew: { token, expires } };
  }
}

/**
 * A GET answer without `no-store` or `private` may be kept by a shared cache and replayed to
 * other visitors (pictures are `public, immutable`): with a Set-Cookie, it would hand them
 * the member's session, or sign them out.
 */
function cacheable(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !/\b(no-store|private)\b/i.test(String(reply.getHeader('cache-control') ?? ''));
}

/**
 * onSend hook: renews or clears the session cookies noted by resolveSession, only on an answer
 * no cache keeps. Otherwise nothing changes, not even the row's expiry (it must match the
 * cookie's): a later private answer (every page load asks /api/auth/me) does it.
 */
export function sessionCookiesOnSend(db: Kysely<Database>, secure: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const pending = request.pendingSessionCookies;
    if (!pending || cacheable(request, reply)) return payload;
    if (pending === 'clear') {
      clearCookies(reply, secure);
    } else {
      await db.updateTable('sessions').set({ expires_at: pending.renew.expires }).where('id', '=', request.sessionId!).execute();
      setCookies(reply, pending.renew.token, pending.renew.expires, secure);
    }
    return payload;
  };
}

/**
 * The member gave their password or a factor again: sensitive acts are open for 10 minutes,
 * and those that touch the factors too when it was a factor (decision 0046).
 */
export async function markAuthenticated(db: Kysely<Database>, sessionId: string, { factor }: { factor: boolean }) {
  const now = new Date();
  await db
    .updateTable('sessions')
    .set(factor ? { authenticated_at: now, second_factor_at: now } : { authenticated_at: now })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Expired sessions are refused as soon as they expire; their rows are deleted here, from a
 * timer each instance runs (one statement, harmless when instances race).
 */
export async function purgeExpiredSessions(db: Kysely<Database>): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', new Date()), eb('created_at', '<=', maxAgeStart())]))
    .executeTakeFirst();
  return Number(numDeletedRows);
}
