import { sql, type Kysely } from 'kysely';
import { displayName } from '../../../shared/user';
import { fieldMessages } from '../../../shared/messages';
import { WALL_MAX_WORDS, type WordItem } from '../../../shared/words';
import type { Database } from '../../platform/db/schema';
import { pictureUrl } from '../accounts/index';

/**
 * The supporters' wall in one query: public words with their author's name joined, VIP
 * first then newest. The unique index already keeps one word per author.
 */
export async function loadWall(db: Kysely<Database>): Promise<WordItem[]> {
  const rows = await db
    .selectFrom('words')
    .leftJoin('users', 'users.id', 'words.author_id')
    .select([
      'words.id',
      'words.content',
      'words.vip',
      'users.id as author_id',
      'users.username',
      'users.firstname',
      'users.lastname',
      'users.account_type',
      'users.picture_version',
    ])
    .where('words.public', '=', true)
    // A suspended member's word is hidden while the suspension lasts.
    .where('users.suspended_at', 'is', null)
    .orderBy('words.vip', 'desc')
    .orderBy(sql`words.published_at desc nulls last`)
    .limit(WALL_MAX_WORDS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    vip: row.vip,
    author:
      row.author_id && row.account_type
        ? displayName({ accountType: row.account_type, firstname: row.firstname ?? '', lastname: row.lastname ?? '', username: row.username ?? '' }) ||
          fieldMessages.unknownAuthor
        : fieldMessages.unknownAuthor,
    authorPic: row.author_id ? pictureUrl({ id: row.author_id, picture_version: row.picture_version ?? 0 }) : '',
  }));
}

/** The member's word, if they left one, and whether it is on the wall yet. */
export async function findMyWord(db: Kysely<Database>, authorId: string) {
  return db.selectFrom('words').select(['content', 'public']).where('author_id', '=', authorId).executeTakeFirst();
}

/** A member's word, waiting for review; the unique index keeps one per author. */
export async function insertWord(db: Kysely<Database>, authorId: string, content: string): Promise<{ id: string }> {
  return db.insertInto('words').values({ author_id: authorId, content }).returning('id').executeTakeFirstOrThrow();
}
