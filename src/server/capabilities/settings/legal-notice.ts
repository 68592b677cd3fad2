import { sql, type Kysely } from 'kysely';
import { firstLegalNoticeError, LEGAL_NOTICE_FIELDS, normalizeLegalNotice, type LegalNotice } from '../../../shared/legal-notice';
import type { Database } from '../../platform/db/schema';

/** The settings row of the legal notice's facts. */
const KEY = 'legal_notice';

/**
 * The legal notice's facts: those an admin saved, whole, or else the environment's (`defaults`,
 * config.ts). Saved facts win whole, so an admin can empty a fact the environment had set.
 */
export async function readLegalNotice(db: Kysely<Database>, defaults: LegalNotice): Promise<LegalNotice> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return defaults;
  const saved = normalizeLegalNotice((row.value ?? {}) as Record<string, unknown>);
  // A row edited by hand into something the form refuses must not put it on the public page.
  return firstLegalNoticeError(saved) === undefined ? saved : defaults;
}

/** One upsert: the last of two concurrent saves wins, whole. */
export async function writeLegalNotice(db: Kysely<Database>, notice: LegalNotice): Promise<void> {
  const value = JSON.stringify(notice);
  await db
    .insertInto('settings')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: sql`now()` })))
    .execute();
}

/** The fields a save changed, from and to, for the journal. */
export function changedFacts(before: LegalNotice, after: LegalNotice): Record<string, { from: string; to: string }> {
  const changed: Record<string, { from: string; to: string }> = {};
  for (const field of LEGAL_NOTICE_FIELDS) if (before[field] !== after[field]) changed[field] = { from: before[field], to: after[field] };
  return changed;
}
