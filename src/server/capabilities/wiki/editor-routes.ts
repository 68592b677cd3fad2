import type { FastifyError, FastifyInstance } from 'fastify';
import { TEXT_TITLE_MAX_LENGTH, textProblem } from '../../../shared/texts';
import {
  WIKI_ID_MAX_LENGTH,
  WIKI_IMAGE_ALT_MAX_LENGTH,
  WIKI_IMAGE_MAX_BYTES,
  WIKI_IMAGE_TYPES,
  WIKI_IMAGES_PER_HOUR,
  wikiAltProblem,
  wikiIdProblem,
  wikiImageMarkdown,
  wikiImagePath,
  wikiMessages,
  wikiTextId,
  type NewWikiArticle,
  type WikiAdminArticles,
  type WikiImage,
  type WikiOrder,
  type WikiVisibility,
} from '../../../shared/wiki';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { requireMember } from '../../platform/http/route-groups';
import { arrayOf, boolean, integer, listOf, object, shape, string, text } from '../../platform/http/schema';
import { change, type Change } from '../../platform/live/change';
import { recordAction } from '../journal/index';
import { insertArticle, reorderArticles, setArticleHidden } from './articles';
import { normalizeScreenshot, storeScreenshot } from './images';
import { currentWiki } from './snapshot';

const articlesShape = shape({ articles: listOf(shape({ id: text, title: text, description: text, hidden: boolean })) });
const idParams = object({ id: string({ maxLength: 100 }) });

/** The wiki's articles changed: every instance makes its pages again, every open page hears it. */
const announceWiki = (work: Change, textId: string) => work.announce('texts', { id: textId });

const unknownArticle = () => new AppError(404, 'wiki/unknown-article');

/**
 * What an editor does to the wiki besides writing its articles (the texts' API does that): create
 * one, hide or show it, reorder the menu, put a screenshot in. Each change is journaled and
 * announced in one `change()`.
 */
export function wikiEditorRoutes(app: FastifyInstance) {
  const articles = async (): Promise<WikiAdminArticles> => ({ articles: (await currentWiki(app)).all });

  app.get('/api/admin/wiki/articles', { schema: { response: { 200: articlesShape } } }, articles);

  app.post<{ Body: NewWikiArticle }>(
    '/api/admin/wiki/articles',
    {
      schema: {
        body: object({ id: string({ maxLength: WIKI_ID_MAX_LENGTH * 2 }), title: string({ maxLength: TEXT_TITLE_MAX_LENGTH * 2 }), position: { type: 'integer', minimum: 0, maximum: 10_000 } }),
        response: { 200: articlesShape },
      },
    },
    async (request) => {
      const user = requireMember(request);
      const { id, title, position } = request.body;
      const problem = wikiIdProblem(id) ?? textProblem({ title, description: '', applicable: '', body: '' });
      if (problem) throw new AppError(400, 'wiki/invalid-article', problem);
      const textId = wikiTextId(id);
      await change(app, async (work) => {
        if (!(await insertArticle(work.db, { textId, title: title.trim(), position, authorId: user.id }))) throw new AppError(409, 'wiki/id-taken', wikiMessages.idTaken);
        await recordAction(work.db, { actorId: user.id, kind: 'wiki/create', targetType: 'text', targetId: textId, summary: `${title.trim()} (/calshare/wiki/${id})`, details: { position } });
        await announceWiki(work, textId);
      });
      return articles();
    },
  );

  app.put<{ Params: { id: string }; Body: WikiVisibility }>(
    '/api/admin/wiki/articles/:id/visibility',
    { schema: { params: idParams, body: object({ hidden: boolean }), response: { 200: articlesShape } } },
    async (request) => {
      const user = requireMember(request);
      const textId = wikiTextId(request.params.id);
      const { hidden } = request.body;
      await change(app, async (work) => {
        if (!(await setArticleHidden(work.db, textId, hidden))) throw unknownArticle();
        await recordAction(work.db, { actorId: user.id, kind: hidden ? 'wiki/hide' : 'wiki/show', targetType: 'text', targetId: textId, summary: `/calshare/wiki/${request.params.id}`, details: { hidden } });
        await announceWiki(work, textId);
      });
      return articles();
    },
  );

  app.put<{ Body: WikiOrder }>(
    '/api/admin/wiki/order',
    { schema: { body: object({ ids: arrayOf(string({ maxLength: 100 }), 1000) }), response: { 200: articlesShape } } },
    async (request) => {
      const user = requireMember(request);
      const textIds = request.body.ids.map(wikiTextId);
      await change(app, async (work) => {
        if (!(await reorderArticles(work.db, textIds))) throw new AppError(409, 'wiki/order-changed', wikiMessages.orderChanged);
        await recordAction(work.db, { actorId: user.id, kind: 'wiki/reorder', targetType: 'text', targetId: 'wiki', summary: request.body.ids.join(', '), details: { ids: request.body.ids } });
        await announceWiki(work, 'wiki');
      });
      return articles();
    },
  );

  app.register(async (uploads) => {
    uploads.addContentTypeParser([...WIKI_IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: WIKI_IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
    // The body's limit and type are refused before any handler runs: said in the editor's words.
    uploads.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'wiki/image-too-heavy', wikiMessages.imageTooHeavy);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError(415, 'wiki/invalid-image', wikiMessages.imageInvalid);
      throw error;
    });
    // Per editor, counted before the body is read: each image costs this instance's CPU to decode.
    const uploadLimit = requestLimit(app, { name: 'wiki-image', max: WIKI_IMAGES_PER_HOUR, timeWindow: 60 * 60_000, key: (request) => requireMember(request).id });
    uploads.post<{ Querystring: { alt: string } }>(
      '/api/admin/wiki/images',
      {
        bodyLimit: WIKI_IMAGE_MAX_BYTES,
        onRequest: uploadLimit,
        schema: { querystring: object({ alt: string({ maxLength: WIKI_IMAGE_ALT_MAX_LENGTH * 2 }) }), response: { 200: shape({ url: text, width: integer, height: integer, markdown: text }) } },
      },
      async (request): Promise<WikiImage> => {
        const user = requireMember(request);
        const altProblem = wikiAltProblem(request.query.alt);
        if (altProblem) throw new AppError(400, 'wiki/invalid-alt', altProblem);
        if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'wiki/invalid-image', wikiMessages.imageInvalid);
        const screenshot = await normalizeScreenshot(request.body);
        await storeScreenshot(app.database.db, screenshot, user.id);
        const url = wikiImagePath(screenshot);
        return { url, width: screenshot.width, height: screenshot.height, markdown: wikiImageMarkdown(request.query.alt, url) };
      },
    );
  });
}
