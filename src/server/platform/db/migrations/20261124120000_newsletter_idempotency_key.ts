import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The editor's key for one 'Confirmer l'envoi': a repeated request finds the newsletter it
  // already queued (decision 0012). Null for callers that send none.
  await db.schema
    .alterTable('newsletters')
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('newsletters').dropColumn('idempotency_key').execute();
}
