import { sql, type Kysely, type Transaction } from 'kysely';
import { roleLabels, type Role } from '../../../shared/permissions';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { keepAnAdmin, lockActiveAdmins } from '../accounts/index';
import { deleteAccount } from '../accounts/index';
import { recordAction } from '../journal/index';
import { announce } from '../../platform/live/announce';
import { dropWaitingDeliveries } from '../newsletter/index';

type Trx = Transaction<Database>;

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
    .select(['id', 'email', 'username', 'account_type', 'roles', 'suspended_at'])
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
 * or reinstates a member. Returns whether the wall's cache must be dropped after the commit.
 */
export async function setMemberSuspension(db: Kysely<Database>, actorId: string, targetId: string, suspended: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const admins = await lockAdminsAsActor(trx, actorId);
    const target = await lockTarget(trx, targetId);
    if ((target.suspended_at !== null) === suspended) return false;
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
      await dropWaitingDeliveries(trx, target.id);
    }
    await recordAction(trx, {
      actorId,
      kind: suspended ? 'member/suspend' : 'member/reinstate',
      targetType: 'user',
      targetId: target.id,
      summary: named(target),
    });
    const publicWord = await trx.selectFrom('words').select('id').where('author_id', '=', target.id).where('public', '=', true).executeTakeFirst();
    if (publicWord) await announce(trx, 'words');
    return publicWord !== undefined;
  });
}

/** The member's own RGPD deletion (accounts/delete-account.ts), by an admin, journaled. */
export async function deleteMember(db: Kysely<Database>, actorId: string, targetId: string): Promise<Target> {
  return db.transaction().execute(async (trx) => {
    const admins = await lockAdminsAsActor(trx, actorId);
    const target = await lockTarget(trx, targetId);
    notYourself(actorId, target);
    keepAnAdmin(admins, target.id);
    await deleteAccount(trx, target);
    await recordAction(trx, { actorId, kind: 'member/delete', targetType: 'user', targetId: target.id, summary: named(target) });
    return target;
  });
}
