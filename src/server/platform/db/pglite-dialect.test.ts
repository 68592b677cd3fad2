import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

interface Db {
  items: { id: number; name: string };
}

describe('PGlite dialect', () => {
  let pglite: PGlite;
  let db: Kysely<Db>;

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = new Kysely<Db>({ dialect: new PGliteDialect(pglite) });
    await sql`create table items (id int primary key, name text not null)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    await pglite.close();
  });

  it('isolates concurrent transactions: a rollback never removes another one’s row', async () => {
    const committed = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, name: 'kept' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ id: 2, name: 'dropped' }).execute();
        throw new Error('abort');
      })
      .catch((error: Error) => error.message);
    const plain = db.insertInto('items').values({ id: 3, name: 'outside' }).execute();

    await Promise.all([committed, rolledBack, plain]);
    expect(await rolledBack).toBe('abort');
    const rows = await db.selectFrom('items').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, name: 'kept' },
      { id: 3, name: 'outside' },
    ]);
  });

  it('reports affected rows of updates', async () => {
    const result = await db.updateTable('items').set({ name: 'renamed' }).where('id', '>', 0).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });
});
