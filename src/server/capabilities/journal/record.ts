import { sql, type Kysely, type Transaction } from 'kysely';
import type { JournalKind } from '../../../shared/journal';
import type { Database } from '../../platform/db/schema';

interface JournalEntryInput {
  actorId: string;
  kind: JournalKind;
  /** What the action was on: 'word', 'sport', 'user', 'allowlist', 'settings', 'newsletter'… */
  targetType?: string;
  targetId?: string;
  /** A short French line for /admin/journal (the word, the address, the role…). */
  summary?: string;
  details?: Record<string, unknown>;
}

/**
 * Writes one journal row. Call it with the transaction of the action itself, so the row and
 * the action are committed, or rolled back, together. The actor's username is copied in the
 * same statement: the row still says who acted after their account is gone.
 */
export async function recordAction(db: Kysely<Database> | Transaction<Database>, entry: JournalEntryInput): Promise<void> {
  await db
    .insertInto('journal')
    .values({
      actor_id: entry.actorId,
      actor_name: sql<string>`coalesce((select username from users where id = ${entry.actorId}), '')`,
      kind: entry.kind,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      summary: entry.summary ?? '',
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
