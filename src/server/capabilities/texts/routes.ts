import type { FastifyInstance } from 'fastify';
import {
  TEXT_APPLICABLE_MAX_LENGTH,
  TEXT_BODY_MAX_LENGTH,
  TEXT_DESCRIPTION_MAX_LENGTH,
  TEXT_ID_PATTERN,
  TEXT_KINDS,
  TEXT_TITLE_MAX_LENGTH,
  textMessages,
  textProblem,
  type TextConflict,
  type TextDetail,
  type TextDraft,
  type TextEdit,
  type TextHistory,
  type TextList,
  type TextPublishedNotice,
  type TextVersion,
} from '../../../shared/texts';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { dateTime, integer, listOf, nullable, object, oneOf, shape, string, text } from '../../platform/http/schema';
import { change, type Change } from '../../platform/live/change';
import { recordAction } from '../journal/index';
import { deleteDraft, draftOf, history, insertVersion, listTexts, lockText, publishedVersion, saveDraft, versionNumber } from './queries';

// A body of 200,000 characters of four UTF-8 bytes each, and the rest of the edit: past it,
// the request is refused before it is read. The French message for a text too long comes
// from textProblem, under this bound, so the schema's lengths are twice the rule's.
const EDIT_BODY_LIMIT = TEXT_BODY_MAX_LENGTH * 4 + 64 * 1024;

const params = object({ id: { type: 'string', pattern: TEXT_ID_PATTERN, maxLength: 64 } });
const versionParams = object({ id: { type: 'string', pattern: TEXT_ID_PATTERN, maxLength: 64 }, version: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } });

const edit = object({
  title: string({ maxLength: TEXT_TITLE_MAX_LENGTH * 2 }),
  description: string({ maxLength: TEXT_DESCRIPTION_MAX_LENGTH * 2 }),
  applicable: string({ maxLength: TEXT_APPLICABLE_MAX_LENGTH * 2 }),
  body: string({ maxLength: TEXT_BODY_MAX_LENGTH * 2 }),
  baseVersion: { type: 'integer', minimum: 1, maximum: 999_999_999 },
});

const content = { title: text, description: text, applicable: text, body: text };
const versionShape = shape({ ...content, version: integer, publishedAt: dateTime, author: text, restoredFrom: nullable(integer) });
const draftShape = shape({ ...content, baseVersion: integer, savedAt: dateTime });
const detailShape = shape({ id: text, kind: oneOf(TEXT_KINDS), published: versionShape, draft: nullable(draftShape) });
const errorShape = shape({ code: text, message: text });
const conflictShape = shape({ error: errorShape, current: versionShape });
const listShape = shape({
  texts: listOf(shape({ id: text, kind: oneOf(TEXT_KINDS), title: text, version: integer, publishedAt: dateTime, publishedBy: text, hasDraft: { type: 'boolean' } })),
});
const historyShape = shape({ versions: listOf(shape({ version: integer, title: text, publishedAt: dateTime, author: text, restoredFrom: nullable(integer) })) });

function checked(body: TextEdit): TextEdit {
  const problem = textProblem(body);
  if (problem) throw new AppError(400, 'texts/invalid', problem);
  return body;
}

const notFound = () => new AppError(404, 'texts/not-found', textMessages.notFound);
const versionNotFound = () => new AppError(404, 'texts/version-not-found', textMessages.versionNotFound);

/** Every instance drops what it made of the text, every open page following `texts` hears it. */
const announcePublished = (work: Change, notice: TextPublishedNotice) => work.announce('texts', notice);

/**
 * /admin/textes' API (admins and editors: the `texts` group). Drafts are saved whole as the
 * editor types; a publication names the version it started from, and one over another's
 * publication is refused with that version (409), never written over it.
 */
export function textsRoutes(app: FastifyInstance) {
  const { db } = app.database;

  app.get('/api/admin/texts', { schema: { response: { 200: listShape } } }, async (request): Promise<TextList> => {
    return { texts: await listTexts(db, requireMember(request).id) };
  });

  app.get<{ Params: { id: string } }>('/api/admin/texts/:id', { schema: { params, response: { 200: detailShape } } }, async (request): Promise<TextDetail> => {
    const found = await publishedVersion(db, request.params.id);
    if (!found) throw notFound();
    return { id: request.params.id, ...found, draft: await draftOf(db, request.params.id, requireMember(request).id) };
  });

  app.put<{ Params: { id: string }; Body: TextEdit }>(
    '/api/admin/texts/:id/draft',
    { bodyLimit: EDIT_BODY_LIMIT, schema: { params, body: edit, response: { 200: draftShape } } },
    async (request): Promise<TextDraft> => {
      const saved = await saveDraft(db, request.params.id, requireMember(request).id, checked(request.body));
      if (!saved) throw notFound();
      return saved;
    },
  );

  app.post<{ Params: { id: string }; Body: TextEdit }>(
    '/api/admin/texts/:id/publish',
    { bodyLimit: EDIT_BODY_LIMIT, schema: { params, body: edit, response: { 200: detailShape, 409: conflictShape } } },
    async (request, reply): Promise<TextDetail | TextConflict> => {
      const user = requireMember(request);
      const { id } = request.params;
      const edited = checked(request.body);
      type Outcome = { conflict: TextVersion } | { detail: Omit<TextDetail, 'id' | 'draft'> };
      const outcome = await change(app, async (work): Promise<Outcome> => {
        const locked = await lockText(work.db, id);
        if (locked === undefined) throw notFound();
        const current = locked.version;
        // What only a publication asks, by the text's kind: a legal PDF's fonts must draw its words.
        const problem = textProblem(edited, locked.kind);
        if (problem) throw new AppError(400, 'texts/invalid', problem);
        // Someone published since this editor started: they see that version, nothing is written.
        if (current !== edited.baseVersion) return { conflict: (await publishedVersion(work.db, id))!.published };
        const version = await insertVersion(work.db, id, current, user.id, edited);
        await deleteDraft(work.db, id, user.id);
        await recordAction(work.db, { actorId: user.id, kind: 'texts/publish', targetType: 'text', targetId: id, summary: `${edited.title} (version ${version})`, details: { version, from: current } });
        await announcePublished(work, { id, version });
        return { detail: (await publishedVersion(work.db, id))! };
      });
      if ('conflict' in outcome) {
        reply.code(409);
        return { error: { code: 'texts/conflict', message: textMessages.conflict }, current: outcome.conflict };
      }
      return { id, ...outcome.detail, draft: null };
    },
  );

  app.get<{ Params: { id: string } }>('/api/admin/texts/:id/versions', { schema: { params, response: { 200: historyShape } } }, async (request): Promise<TextHistory> => {
    const versions = await history(db, request.params.id);
    if (versions.length === 0) throw notFound();
    return { versions };
  });

  app.get<{ Params: { id: string; version: string } }>(
    '/api/admin/texts/:id/versions/:version',
    { schema: { params: versionParams, response: { 200: versionShape } } },
    async (request): Promise<TextVersion> => {
      const found = await versionNumber(db, request.params.id, Number(request.params.version));
      if (!found) throw versionNotFound();
      return found;
    },
  );

  app.post<{ Params: { id: string; version: string } }>(
    '/api/admin/texts/:id/versions/:version/restore',
    { schema: { params: versionParams, response: { 200: detailShape } } },
    async (request): Promise<TextDetail> => {
      const user = requireMember(request);
      const { id } = request.params;
      const restored = Number(request.params.version);
      const detail = await change(app, async (work) => {
        const current = (await lockText(work.db, id))?.version;
        if (current === undefined) throw notFound();
        const old = await versionNumber(work.db, id, restored);
        if (!old) throw versionNotFound();
        // Restoring publishes the old text again as the newest version: the history keeps all.
        const version = await insertVersion(work.db, id, current, user.id, old, restored);
        await recordAction(work.db, { actorId: user.id, kind: 'texts/restore', targetType: 'text', targetId: id, summary: `${old.title} (version ${restored} → ${version})`, details: { version, restored, from: current } });
        await announcePublished(work, { id, version });
        return (await publishedVersion(work.db, id))!;
      });
      return { id, ...detail, draft: await draftOf(db, id, user.id) };
    },
  );
}
