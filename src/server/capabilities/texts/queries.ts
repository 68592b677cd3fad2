import { sql, type Kysely } from 'kysely';
import type { TextContent, TextDetail, TextDraft, TextKind, TextPublishedNotice, TextSummary, TextVersion, TextVersionSummary } from '../../../shared/texts';
import { announce } from '../../platform/live/announce';
import type { Database } from '../../platform/db/schema';
import type { DefaultText } from './defaults';

type Db = Kysely<Database>;

const ORIGINAL_AUTHOR = '';

/** A version of the site's own text, authorless. */
const siteVersion = ({ id, title, description, applicable, body }: DefaultText, version: number) => ({
  text_id: id,
  version,
  title,
  description,
  applicable,
  body,
  author_id: null,
  author_name: ORIGINAL_AUTHOR,
  restored_from: null,
});

/**
 * Puts in the texts a site does not have yet, each as its version 1, authorless; and brings a
 * text nobody has published over (its published version still the site's own, authorless) to
 * the repository's, as its next version, authorless too: a correction of the site's privacy
 * policy reaches the sites that never edited it, and an edited text is left alone. Run at every
 * start, in one transaction that locks the texts it reads, so two instances starting at once
 * only find less to do. Answers how many versions it wrote; a version written for a text
 * already there is announced (`texts`), so instances still running drop their pages.
 */
export async function seedTexts(db: Db, texts: DefaultText[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('texts')
      .values(texts.map(({ id, kind, position }) => ({ id, kind, position, published_version: 1 })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .execute();
    const ids = new Set(added.map((row) => row.id));
    const versions = texts.filter((text) => ids.has(text.id)).map((text) => siteVersion(text, 1));
    if (versions.length > 0) await trx.insertInto('text_versions').values(versions).execute();

    const present = texts.filter((text) => !ids.has(text.id));
    const unedited =
      present.length === 0
        ? []
        : await trx
            .selectFrom('texts as t')
            .innerJoin('text_versions as v', (join) => join.onRef('v.text_id', '=', 't.id').onRef('v.version', '=', 't.published_version'))
            .select(['t.id', 't.published_version', 'v.title', 'v.description', 'v.applicable', 'v.body'])
            .where('t.id', 'in', present.map((text) => text.id))
            .where('v.author_id', 'is', null)
            .where('v.author_name', '=', ORIGINAL_AUTHOR)
            .forUpdate()
            .execute();
    let updated = 0;
    for (const row of unedited) {
      const text = present.find((candidate) => candidate.id === row.id)!;
      const same = row.title === text.title && row.description === text.description && row.applicable === text.applicable && row.body === text.body;
      if (same) continue;
      const version = row.published_version + 1;
      await trx.insertInto('text_versions').values(siteVersion(text, version)).execute();
      await trx.updateTable('texts').set({ published_version: version }).where('id', '=', text.id).execute();
      await announce(trx, 'texts', { id: text.id, version } satisfies TextPublishedNotice);
      updated += 1;
    }
    return versions.length + updated;
  });
}

const versionOf = (row: {
  version: number;
  title: string;
  description: string;
  applicable: string;
  body: string;
  author_name: string;
  restored_from: number | null;
  created_at: Date;
}): TextVersion => ({
  version: row.version,
  title: row.title,
  description: row.description,
  applicable: row.applicable,
  body: row.body,
  author: row.author_name,
  restoredFrom: row.restored_from,
  publishedAt: row.created_at.toISOString(),
});

const VERSION_COLUMNS = ['v.version', 'v.title', 'v.description', 'v.applicable', 'v.body', 'v.author_name', 'v.restored_from', 'v.created_at'] as const;

export async function listTexts(db: Db, callerId: string): Promise<TextSummary[]> {
  const rows = await db
    .selectFrom('texts as t')
    .innerJoin('text_versions as v', (join) => join.onRef('v.text_id', '=', 't.id').onRef('v.version', '=', 't.published_version'))
    .leftJoin('text_drafts as d', (join) => join.onRef('d.text_id', '=', 't.id').on('d.author_id', '=', callerId))
    .select(['t.id', 't.kind', 'v.title', 'v.version', 'v.created_at', 'v.author_name', sql<boolean>`d.text_id is not null`.as('has_draft')])
    .orderBy(sql`case t.kind when 'wiki' then 0 else 1 end`)
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    version: row.version,
    publishedAt: row.created_at.toISOString(),
    publishedBy: row.author_name,
    hasDraft: row.has_draft,
  }));
}

/** The text's published version, read in `db` (a transaction may lock the text first). */
export async function publishedVersion(db: Db, id: string): Promise<{ kind: TextDetail['kind']; published: TextVersion } | undefined> {
  const row = await db
    .selectFrom('texts as t')
    .innerJoin('text_versions as v', (join) => join.onRef('v.text_id', '=', 't.id').onRef('v.version', '=', 't.published_version'))
    .select(['t.kind', ...VERSION_COLUMNS])
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row && { kind: row.kind, published: versionOf(row) };
}

export async function draftOf(db: Db, id: string, authorId: string): Promise<TextDraft | null> {
  const row = await db
    .selectFrom('text_drafts')
    .select(['title', 'description', 'applicable', 'body', 'base_version', 'updated_at'])
    .where('text_id', '=', id)
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  return row
    ? { title: row.title, description: row.description, applicable: row.applicable, body: row.body, baseVersion: row.base_version, savedAt: row.updated_at.toISOString() }
    : null;
}

/** Writes the caller's draft whole (one statement: an upsert). Undefined when the text does not exist. */
export async function saveDraft(db: Db, id: string, authorId: string, draft: TextContent & { baseVersion: number }): Promise<TextDraft | undefined> {
  const values = { title: draft.title, description: draft.description, applicable: draft.applicable, body: draft.body, base_version: draft.baseVersion, updated_at: sql`now()` };
  const row = await db
    .insertInto('text_drafts')
    .columns(['text_id', 'author_id', 'title', 'description', 'applicable', 'body', 'base_version', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('texts')
        .select([
          'id',
          sql.val(authorId).as('author_id'),
          sql.val(values.title).as('title'),
          sql.val(values.description).as('description'),
          sql.val(values.applicable).as('applicable'),
          sql.val(values.body).as('body'),
          sql.val(values.base_version).as('base_version'),
          sql`now()`.as('updated_at'),
        ])
        .where('id', '=', id),
    )
    .onConflict((conflict) => conflict.columns(['text_id', 'author_id']).doUpdateSet(values))
    .returning(['updated_at'])
    .executeTakeFirst();
  return row && { title: draft.title, description: draft.description, applicable: draft.applicable, body: draft.body, baseVersion: draft.baseVersion, savedAt: row.updated_at.toISOString() };
}

/** Locks the text's row for a publication: two publications of one text wait for each other. */
export async function lockText(db: Db, id: string): Promise<{ version: number; kind: TextKind } | undefined> {
  const row = await db.selectFrom('texts').select(['published_version', 'kind']).where('id', '=', id).forUpdate().executeTakeFirst();
  return row && { version: row.published_version, kind: row.kind };
}

/** Publishes `content` as the text's next version, after `current`; the text's row must be locked. */
export async function insertVersion(db: Db, id: string, current: number, authorId: string, content: TextContent, restoredFrom: number | null = null): Promise<number> {
  const version = current + 1;
  await db
    .insertInto('text_versions')
    .values({
      text_id: id,
      version,
      title: content.title,
      description: content.description,
      applicable: content.applicable,
      body: content.body,
      author_id: authorId,
      author_name: sql<string>`coalesce((select username from users where id = ${authorId}), '')`,
      restored_from: restoredFrom,
    })
    .execute();
  await db.updateTable('texts').set({ published_version: version }).where('id', '=', id).execute();
  return version;
}

export async function deleteDraft(db: Db, id: string, authorId: string): Promise<void> {
  await db.deleteFrom('text_drafts').where('text_id', '=', id).where('author_id', '=', authorId).execute();
}

export async function versionNumber(db: Db, id: string, version: number): Promise<TextVersion | undefined> {
  const row = await db.selectFrom('text_versions as v').select(VERSION_COLUMNS).where('v.text_id', '=', id).where('v.version', '=', version).executeTakeFirst();
  return row && versionOf(row);
}

/** Every version of the text, newest first, without their bodies; none when the text does not exist. */
export async function history(db: Db, id: string): Promise<TextVersionSummary[]> {
  const rows = await db
    .selectFrom('text_versions')
    .select(['version', 'title', 'author_name', 'restored_from', 'created_at'])
    .where('text_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({ version: row.version, title: row.title, author: row.author_name, restoredFrom: row.restored_from, publishedAt: row.created_at.toISOString() }));
}
