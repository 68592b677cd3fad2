import type { FastifyInstance } from 'fastify';
import {
  AUDIENCE_PATH_MAX_LENGTH,
  AUDIENCE_REFERRER_MAX_LENGTH,
  countedPage,
  referringSite,
  wikiArticleOfPage,
  type AudienceReport,
  type AudienceView,
} from '../../../shared/audience';
import type { Capability } from '../../platform/capability';
import { requestLimit } from '../../platform/http/request-limit';
import { integer, listOf, object, shape, string, text } from '../../platform/http/schema';
import { currentWiki } from '../wiki/index';
import { audienceReport, forgetOldAudience, recordView } from './queries';

// Robots, crawlers, link previews and monitors: not visitors. Most run no script and never
// send a view; these say what they are in their user agent.
const ROBOT = /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python|java\/|go-http|okhttp/i;

/** Views one address may send a minute: a reader's navigations, not a script's. */
const VIEWS_PER_MINUTE = 60;

/** A page view sent by the page itself; the user agent is read to leave robots out, and kept nowhere. */
function audienceRoutes(app: FastifyInstance) {
  const rateLimit = requestLimit(app, { name: 'audience', max: VIEWS_PER_MINUTE, timeWindow: 60_000 });
  const body = object(
    { path: string({ minLength: 1, maxLength: AUDIENCE_PATH_MAX_LENGTH }), referrer: string({ maxLength: AUDIENCE_REFERRER_MAX_LENGTH }) },
    ['path'],
  );
  // Any well-formed article id would make a row: only the articles visitors can read count.
  const readable = async (page: string) => {
    const article = wikiArticleOfPage(page);
    return article === undefined || (await currentWiki(app)).pages.has(article);
  };
  app.post<{ Body: AudienceView }>('/api/audience', { schema: { body }, onRequest: rateLimit }, async (request, reply) => {
    const page = countedPage(request.body.path);
    if (page && !ROBOT.test(request.headers['user-agent'] ?? 'robot') && (await readable(page))) {
      await recordView(app.database.db, page, referringSite(request.body.referrer ?? '', app.config.public.publicUrl));
    }
    // The same answer whether counted or not: nothing to learn from it.
    return reply.code(204).send();
  });
}

const report = shape({
  days: listOf(shape({ day: text, visits: integer })),
  pages: listOf(shape({ path: text, visits: integer })),
  referrers: listOf(shape({ site: text, visits: integer })),
});

function audienceAdminRoutes(app: FastifyInstance) {
  app.get('/api/admin/audience', { schema: { response: { 200: report } } }, (): Promise<AudienceReport> => audienceReport(app.database.db));
}

export const audienceCapability: Capability = {
  public: audienceRoutes,
  admin: audienceAdminRoutes,
  retention: { audience: forgetOldAudience },
};
