import type { FastifyInstance } from 'fastify';
import { JOURNAL_KINDS, JOURNAL_PAGE_SIZE, type JournalActors, type JournalPage } from '../../../shared/journal';
import { anyObject, bigintId, dateTime, listOf, nullable, object, oneOf, shape, text, uuid } from '../../platform/http/schema';
import { journalActors, journalRows, type JournalFilter } from './queries';

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

  app.get<{ Querystring: JournalFilter }>('/api/admin/journal', { schema: { querystring: query, response: { 200: page } } }, async (request, reply): Promise<JournalPage> => {
    reply.header('cache-control', 'no-store');
    const found = await journalRows(db, request.query);
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
    const rows = await journalActors(db);
    return {
      actors: rows
        .map((row) => ({ id: row.actor_id!, name: row.actor_name || 'Compte supprimé' }))
        .sort((a, b) => a.name.localeCompare(b.name, 'fr')),
    };
  });
}
