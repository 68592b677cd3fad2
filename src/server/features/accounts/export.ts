import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findUser, toCurrentUser } from './users';

/**
 * RGPD right of access and portability: everything the site keeps about a member, as
 * JSON. Features that store member data add their part here.
 */
export async function exportAccountData(db: Kysely<Database>, userId: string) {
  const user = await findUser(db, userId);
  if (!user) throw new Error('exporting a missing account');
  const sessions = await db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const { mustChangePassword: _mustChange, ...account } = toCurrentUser(user);
  return {
    exportedAt: new Date().toISOString(),
    account: { ...account, createdAt: user.created_at.toISOString() },
    sessions: sessions.map((session) => ({
      createdAt: session.created_at.toISOString(),
      expiresAt: session.expires_at.toISOString(),
    })),
  };
}
