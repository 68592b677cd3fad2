import { sql, type Kysely } from 'kysely';
import { roleLabels, type Role } from '../../../shared/permissions';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { deleteAccount, keepAnAdmin, lockActiveAdmins } from '../accounts/index';
import { recordAction } from '../journal/index';
import type { Change } from '../../platform/live/change';
import { dropWaitingDeliveries } from '../newsletter/index';

type Trx = Kysely<Database>;

/**
 * The active admins, locked (accounts/active-admins.ts), with the actor still among them: of
 * two admins revoking each other at once, the second finds it is no longer one.
 */
async function lockAdminsAsActor(trx: Trx, actorId: string): Promise<string[]> {
  const admins = await lockActiveAdmins(trx);
  if (!admins.includes(actorId)) throw new AppError(403, 'http/forbidden');
  return admins;
}

async function lockTarget(trx: Trx, id: string) {
  const target = await trx
    .selectFrom('users')
    .select(['id', 'email', 'username', 'firstname', 'account_type', 'roles', 'suspended_at', 'email_undeliverable_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!target) throw new AppError(404, 'members/not-found');
  return target;
}

type Target = Awaited<ReturnType<typeof lockTarget>>;

function notYourself(actorId: string, target: Target) {
  if (target.id === actorId) throw new AppError(409, 'members/not-yourself');
}

const named = (target: Target) => `${target.username} (${target.email})`;

/** Grants or revokes `admin` or `moderator`; nothing changes (nor is journaled) when already so. */
export async function setMemberRole(db: Kysely<Database>, actorId: string, targetId: string, role: Role, granted: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admins = await lockAdminsAsActor(trx, actorId);
    const target = await lockTarget(trx, targetId);
    if (target.roles.includes(role) === granted) return;
    if (!granted && role === 'admin') {
      notYourself(actorId, target);
      keepAnAdmin(admins, target.id);
    }
    await trx
      .updateTable('users')
      .set({ roles: granted ? sql<string[]>`array_append(roles, ${role}::text)` : sql<string[]>`array_remove(roles, ${role}::text)` })
      .where('id', '=', target.id)
      .execute();
    await recordAction(trx, {
      actorId,
      kind: granted ? 'roles/grant' : 'roles/revoke',
      targetType: 'user',
      targetId: target.id,
      summary: `${roleLabels[role]} : ${named(target)}`,
      details: { role },
    });
  });
}

/**
 * Suspends (no login, every session ended in the same transaction, word hidden from the wall)
 * or reinstates a member, in the admin's change (platform/live/change.ts).
 */
export async function setMemberSuspension(suspension: Change, actorId: string, targetId: string, suspended: boolean): Promise<void> {
  const { db: trx, announce } = suspension;
  const admins = await lockAdminsAsActor(trx, actorId);
  const target = await lockTarget(trx, targetId);
  if ((target.suspended_at !== null) === suspended) return;
  if (suspended) {
    notYourself(actorId, target);
    keepAnAdmin(admins, target.id);
  }
  await trx
    .updateTable('users')
    .set({ suspended_at: suspended ? sql<Date>`now()` : null })
    .where('id', '=', target.id)
    .execute();
  if (suspended) {
    await trx.deleteFrom('sessions').where('user_id', '=', target.id).execute();
    await dropWaitingDeliveries(suspension, target.id);
  }
  await recordAction(trx, {
    actorId,
    kind: suspended ? 'member/suspend' : 'member/reinstate',
    targetType: 'user',
    targetId: target.id,
    summary: named(target),
  });
  const publicWord = await trx.selectFrom('words').select('id').where('author_id', '=', target.id).where('public', '=', true).executeTakeFirst();
  if (publicWord) await announce('words');
}

/**
 * The member's own RGPD deletion (accounts/delete-account.ts), by an admin, journaled; returns
 * the account as it was, for the mail that tells its member.
 */
export async function deleteMember(deletion: Change, actorId: string, targetId: string): Promise<Target> {
  const admins = await lockAdminsAsActor(deletion.db, actorId);
  const target = await lockTarget(deletion.db, targetId);
  notYourself(actorId, target);
  keepAnAdmin(admins, target.id);
  await deleteAccount(deletion, target);
  await recordAction(deletion.db, { actorId, kind: 'member/delete', targetType: 'user', targetId: target.id, summary: named(target) });
  return target;
}
