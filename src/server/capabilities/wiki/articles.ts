import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/** A wiki article as stored: its text's published version, its place and whether visitors see it. */
interface StoredArticle {
  textId: string;
  hidden: boolean;
  title: string;
  description: string;
  body: string;
}

/** Every article, hidden ones too, in menu order (position, then id for a tie). */
export async function storedArticles(db: Db): Promise<StoredArticle[]> {
  const rows = await db
    .selectFrom('texts as t')
    .innerJoin('text_versions as v', (join) => join.onRef('v.text_id', '=', 't.id').onRef('v.version', '=', 't.published_version'))
    .select(['t.id', 't.hidden', 'v.title', 'v.description', 'v.body'])
    .where('t.kind', '=', 'wiki')
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({ textId: row.id, hidden: row.hidden, title: row.title, description: row.description, body: row.body }));
}

/**
 * A new article, hidden until its editor shows it, at `position` in the menu (the articles from
 * there on move one down), with its title as version 1; in a transaction. False when its id is
 * taken: the text's primary key decides, even between two editors creating it at once.
 */
export async function insertArticle(trx: Db, article: { textId: string; title: string; position: number; authorId: string }): Promise<boolean> {
  // The wiki's rows, locked in menu order: a reorder or another creation waits for this one.
  const wiki = await trx.selectFrom('texts').select(['id', 'position']).where('kind', '=', 'wiki').orderBy('position').orderBy('id').forUpdate().execute();
  const at = Math.min(Math.max(article.position, 0), wiki.length);
  const inserted = await trx
    .insertInto('texts')
    .values({ id: article.textId, kind: 'wiki', position: at, published_version: 1, hidden: true })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await renumber(trx, [...wiki.slice(0, at).map((row) => row.id), article.textId, ...wiki.slice(at).map((row) => row.id)]);
  await trx
    .insertInto('text_versions')
    .values({
      text_id: article.textId,
      version: 1,
      title: article.title,
      description: '',
      applicable: '',
      body: '',
      author_id: article.authorId,
      author_name: sql<string>`coalesce((select username from users where id = ${article.authorId}), '')`,
      restored_from: null,
    })
    .execute();
  return true;
}

/** Positions 0, 1, 2… in the order given. */
async function renumber(db: Db, textIds: readonly string[]) {
  if (textIds.length === 0) return;
  await db
    .updateTable('texts')
    .set({ position: sql<number>`(array_position(${sql.val(textIds)}::text[], id) - 1)` })
    .where('id', 'in', textIds)
    .execute();
}

/**
 * The menu in the order given, which must name every article exactly once, in a transaction:
 * false when it does not (an article was created meanwhile, or the list is wrong), and nothing
 * is changed.
 */
export async function reorderArticles(trx: Db, textIds: readonly string[]): Promise<boolean> {
  const wiki = await trx.selectFrom('texts').select('id').where('kind', '=', 'wiki').forUpdate().execute();
  const known = new Set(wiki.map((row) => row.id));
  if (new Set(textIds).size !== textIds.length || textIds.length !== known.size || !textIds.every((id) => known.has(id))) return false;
  await renumber(trx, textIds);
  return true;
}

/** Hides or shows an article; false when there is none. */
export async function setArticleHidden(db: Db, textId: string, hidden: boolean): Promise<boolean> {
  const result = await db.updateTable('texts').set({ hidden }).where('id', '=', textId).where('kind', '=', 'wiki').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
