import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { JOURNAL_KINDS, JOURNAL_PAGE_SIZE, type JournalActors, type JournalKind, type JournalPage } from '../../../shared/journal';
import { anyObject, bigintId, dateTime, listOf, nullable, object, oneOf, shape, text, uuid } from '../../platform/http/schema';

interface JournalQuery {
  actor?: string;
  kind?: JournalKind;
  /** The id of the last row of the previous page: rows are read newest first (ids descending). */
  before?: string;
}

const query = object(
  {
    actor: uuid,
    kind: oneOf(JOURNAL_KINDS),
    before: bigintId,
  },
  [],
);

const page = shape({
  entries: listOf(
    shape({
      id: text,
      at: dateTime,
      actorId: nullable(text),
      actor: text,
      kind: oneOf(JOURNAL_KINDS),
      targetType: nullable(text),
      targetId: nullable(text),
      summary: text,
      // What each kind of action keeps (record.ts), written whole.
      details: anyObject,
    }),
  ),
  next: nullable(text),
});
const actors = shape({ actors: listOf(shape({ id: text, name: text })) });

/** /admin/journal: read only, newest first, a page at a time; the site never edits a row. */
export function journalRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get<{ Querystring: JournalQuery }>('/api/admin/journal', { schema: { querystring: query, response: { 200: page } } }, async (request, reply): Promise<JournalPage> => {
    reply.header('cache-control', 'no-store');
    const { actor, kind, before } = request.query;
    let rows = db
      .selectFrom('journal')
      .select(['id', 'created_at', 'actor_id', 'actor_name', 'kind', 'target_type', 'target_id', 'summary', 'details'])
      .orderBy('id', 'desc')
      .limit(JOURNAL_PAGE_SIZE + 1);
    if (actor) rows = rows.where('actor_id', '=', actor);
    if (kind) rows = rows.where('kind', '=', kind);
    if (before) rows = rows.where('id', '<', sql<string>`${before}::bigint`);
    const found = await rows.execute();
    const entries = found.slice(0, JOURNAL_PAGE_SIZE).map((row) => ({
      id: String(row.id),
      at: row.created_at.toISOString(),
      actorId: row.actor_id,
      actor: row.actor_name,
      kind: row.kind,
      targetType: row.target_type,
      targetId: row.target_id,
      summary: row.summary,
      details: row.details,
    }));
    return { entries, next: found.length > JOURNAL_PAGE_SIZE ? entries.at(-1)!.id : null };
  });

  app.get('/api/admin/journal/actors', { schema: { response: { 200: actors } } }, async (_request, reply): Promise<JournalActors> => {
    reply.header('cache-control', 'no-store');
    // Each actor under the name of their latest row; one pass of the (actor_id, id) index.
    const rows = await db
      .selectFrom('journal')
      .select(['actor_id', 'actor_name'])
      .distinctOn('actor_id')
      .where('actor_id', 'is not', null)
      .orderBy('actor_id')
      .orderBy('id', 'desc')
      .execute();
    return {
      actors: rows
        .map((row) => ({ id: row.actor_id!, name: row.actor_name || 'Compte supprimé' }))
        .sort((a, b) => a.name.localeCompare(b.name, 'fr')),
    };
  });
}
