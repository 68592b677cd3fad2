import { describe, expect, it } from 'vitest';
import { registerAdmin } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { recordAction } from './record';

describe('recordAction', () => {
  const test = setUpTestApp();

  it('writes who did what on what, with the actor’s name of the moment', async () => {
    const admin = await registerAdmin(test.app, test.database);
    await recordAction(test.database.db, {
      actorId: admin.uuid,
      kind: 'allowlist/add',
      targetType: 'allowlist',
      targetId: 'club@exemple.fr',
      summary: 'club@exemple.fr',
      details: { source: 'test' },
    });
    const row = await test.database.db.selectFrom('journal').selectAll().where('actor_id', '=', admin.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_name: admin.username,
      kind: 'allowlist/add',
      target_type: 'allowlist',
      target_id: 'club@exemple.fr',
      summary: 'club@exemple.fr',
      details: { source: 'test' },
    });
  });

  it('is rolled back with the transaction of its action', async () => {
    const admin = await registerAdmin(test.app, test.database);
    await expect(
      test.database.db.transaction().execute(async (trx) => {
        await recordAction(trx, { actorId: admin.uuid, kind: 'settings/update' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const rows = await test.database.db.selectFrom('journal').select('id').where('actor_id', '=', admin.uuid).execute();
    expect(rows).toEqual([]);
  });
});
