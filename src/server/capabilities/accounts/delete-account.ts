import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { LiveHub } from '../../platform/live/live-hub';
import { announce } from '../../platform/live/announce';
import { forgetLoginFailures } from './login-throttle';
import type { UserRow } from './users';

type DeletedAccount = Pick<UserRow, 'id' | 'email' | 'account_type'>;

/**
 * The RGPD deletion, the same whether the member asks it (DELETE /api/account) or an admin
 * does (/admin/members). Run it in the caller's transaction; sessions, picture, reactions and
 * pending words go with the account (ON DELETE CASCADE); a public word stays, its author then
 * shown as 'Inconnu'. Returns whether the account was still there.
 */
export async function deleteAccount(trx: Kysely<Database>, user: DeletedAccount): Promise<boolean> {
  const deleted = await trx.deleteFrom('users').where('id', '=', user.id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return false;
  await forgetLoginFailures(trx, user.email);
  if (user.account_type === 'user') await announce(trx, 'counter');
  await announce(trx, 'words');
  // Its pending word or suggestion left the moderation queue, and its public ones their author.
  await announce(trx, 'moderation');
  return true;
}

/** After the deletion's commit: this instance's cached wall, counter and moderation queue are stale. */
export function invalidateAfterDeletion(hub: LiveHub, user: Pick<UserRow, 'account_type'>) {
  hub.invalidate('words');
  hub.invalidate('moderation');
  if (user.account_type === 'user') hub.invalidate('counter');
}
