import type { Change } from '../../platform/live/change';
import { forgetLoginFailures } from './login-throttle';
import type { UserRow } from './users';

type DeletedAccount = Pick<UserRow, 'id' | 'email' | 'account_type'>;

/**
 * The RGPD deletion, the same whether the member asks it (DELETE /api/account) or an admin
 * does (/admin/members). Run it in the caller's transaction; sessions, picture, reactions and
 * pending words go with the account (ON DELETE CASCADE); a public word stays, its author then
 * shown as 'Inconnu'. Returns whether the account was still there.
 */
export async function deleteAccount({ db, announce }: Change, user: DeletedAccount): Promise<boolean> {
  const deleted = await db.deleteFrom('users').where('id', '=', user.id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return false;
  await forgetLoginFailures(db, user.email);
  if (user.account_type === 'user') await announce('counter');
  await announce('words');
  // Its pending word or suggestion left the moderation queue, and its public ones their author.
  await announce('moderation');
  return true;
}
