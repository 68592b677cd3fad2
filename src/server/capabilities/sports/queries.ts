import { sql, type Kysely } from 'kysely';
import { compareSports, type Reaction, type ReactionCounts, type SportItem } from '../../../shared/sports';
import type { Database } from '../../platform/db/schema';
import type { Change } from '../../platform/live/change';

/** Public sports with their reaction counts (kept on each sport's row), sorted for the vote page. */
export async function loadPublicSports(db: Kysely<Database>): Promise<SportItem[]> {
  const rows = await db
    .selectFrom('sports')
    .select(['id', 'name', 'emoji', 'love_count', 'wow_count', 'no_count'])
    .where('public', '=', true)
    .execute();
  return rows
    .map((row) => ({ id: row.id, name: row.name, emoji: row.emoji, reactions: { love: row.love_count, wow: row.wow_count, no: row.no_count } }))
    .sort(compareSports);
}

/** The suggestion, pending too, that already holds this duplicate key (spec §5), if any. */
export async function findSuggestion(db: Kysely<Database>, duplicateKey: string): Promise<{ id: string; listed: boolean } | undefined> {
  const row = await db.selectFrom('sports').select(['id', 'public']).where('duplicate_key', '=', duplicateKey).executeTakeFirst();
  return row && { id: row.id, listed: row.public };
}

/** The member's reaction to each sport they reacted to. */
export async function myReactions(db: Kysely<Database>, userId: string) {
  return db.selectFrom('sport_reactions').select(['sport_id', 'reaction']).where('user_id', '=', userId).execute();
}

/** A member's suggestion, waiting for review; the unique constraints refuse a duplicate. */
export async function insertSuggestion(
  db: Kysely<Database>,
  suggestion: { id: string; name: string; duplicateKey: string; emoji: string; submittedBy: string },
): Promise<void> {
  await db
    .insertInto('sports')
    .values({ id: suggestion.id, name: suggestion.name, duplicate_key: suggestion.duplicateKey, emoji: suggestion.emoji, submitted_by: suggestion.submittedBy })
    .execute();
}

/**
 * The member's suggestions waiting for review. Locks the member's row first, for the rest of
 * the transaction, so two suggestions sent at once are counted one after the other and
 * cannot both pass the cap.
 */
export async function countPendingSuggestions(trx: Kysely<Database>, userId: string): Promise<number> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  const row = await trx
    .selectFrom('sports')
    .select(sql<number>`count(*)::int`.as('pending'))
    .where('submitted_by', '=', userId)
    .where('public', '=', false)
    .executeTakeFirstOrThrow();
  return row.pending;
}

/** One sport's counts, as the trigger keeps them (migration 20261125700000). */
export async function loadCounts(db: Kysely<Database>, sportId: string): Promise<ReactionCounts> {
  const row = await db.selectFrom('sports').select(['love_count', 'wow_count', 'no_count']).where('id', '=', sportId).executeTakeFirst();
  return { love: row?.love_count ?? 0, wow: row?.wow_count ?? 0, no: row?.no_count ?? 0 };
}

/**
 * Spec §4 toggle, atomically in one statement: the same reaction is removed, another one
 * replaces the member's (the primary key keeps one per member and sport). Concurrent clicks
 * can neither leave two reactions nor lose one. Answers the member's reaction afterwards,
 * or undefined when the sport is not public. The live notice goes in the same statement: run
 * on its own, it commits at once, and the sport's row (its counts, kept by a trigger) is
 * locked for the statement only, not across round trips of a transaction while the server
 * is busy with other requests: clicks on one sport wait for each other that much less.
 */
export async function toggleSportReaction(
  { db, notice }: Change,
  sportId: string,
  userId: string,
  reaction: Reaction,
): Promise<Reaction | null | undefined> {
  const result = await sql<{ outcome: string }>`
    with sport as (
      select id from sports where id = ${sportId} and public
    ), removed as (
      delete from sport_reactions
      where sport_id = (select id from sport) and user_id = ${userId} and reaction = ${reaction}
      returning 'removed'::text as outcome
    ), placed as (
      insert into sport_reactions (sport_id, user_id, reaction)
      select id, ${userId}, ${reaction} from sport where not exists (select 1 from removed)
      on conflict (sport_id, user_id) do update set reaction = excluded.reaction, created_at = now()
      returning 'placed'::text as outcome
    ), outcome as (
      select outcome from removed union all select outcome from placed
    ), notified as (
      select ${notice('sports', { id: sportId })} from outcome
    )
    select outcome.outcome from outcome cross join (select count(*) from notified) as sent`.execute(db);
  const outcome = result.rows[0]?.outcome;
  if (outcome === 'removed') return null;
  if (outcome === 'placed') return reaction;
  return undefined;
}
